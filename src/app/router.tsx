import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { lazyComponent, preloadElement, ScreenSuspense } from '../components/lazy-component';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { STAFF_DEPOT_ROUTE } from '../domain/depot-routes';
import { START_PATH } from '../domain/entry-navigation';
import { StaffOnly } from './StaffOnly';
import { RequireSession } from './session/RequireSession';

// Every screen is its own chunk: a route's first load fetches the shell and that screen only.
const AcademyOverviewScreen = lazyComponent(() =>
  import('../screens/academy/AcademyOverviewScreen').then((module) => module.AcademyOverviewScreen),
);
const AcademyVideoScreen = lazyComponent(() =>
  import('../screens/academy-video/AcademyVideoScreen').then((module) => module.AcademyVideoScreen),
);
const AdminLayout = lazyComponent(() => import('./layout/AdminLayout').then((module) => module.AdminLayout));
const BlogPostScreen = lazyComponent(() =>
  import('../screens/blog-post/BlogPostScreen').then((module) => module.BlogPostScreen),
);
const ConfirmEmailScreen = lazyComponent(() =>
  import('../screens/confirm-email/ConfirmEmailScreen').then((module) => module.ConfirmEmailScreen),
);
const DepotScreen = lazyComponent(() =>
  import('../screens/depot/DepotScreen').then((module) => module.DepotScreen),
);
const EntryScreen = lazyComponent(() =>
  import('../screens/entry/EntryScreen').then((module) => module.EntryScreen),
);
const IndexChartScreen = lazyComponent(() =>
  import('../screens/index-chart/IndexChartScreen').then((module) => module.IndexChartScreen),
);
const InvoicesScreen = lazyComponent(() =>
  import('../screens/invoices/InvoicesScreen').then((module) => module.InvoicesScreen),
);
const ManagementScreen = lazyComponent(() =>
  import('../screens/management/ManagementScreen').then((module) => module.ManagementScreen),
);
const OfferDetailScreen = lazyComponent(() =>
  import('../screens/offer-detail/OfferDetailScreen').then((module) => module.OfferDetailScreen),
);
const OffersScreen = lazyComponent(() =>
  import('../screens/offers/OffersScreen').then((module) => module.OffersScreen),
);
const OrderListScreen = lazyComponent(() =>
  import('../screens/order-list/OrderListScreen').then((module) => module.OrderListScreen),
);
const PortfolioDevelopmentScreen = lazyComponent(() =>
  import('../screens/portfolio-development/PortfolioDevelopmentScreen').then(
    (module) => module.PortfolioDevelopmentScreen,
  ),
);
const PublicOfferScreen = lazyComponent(() =>
  import('../screens/offer-detail/PublicOfferScreen').then((module) => module.PublicOfferScreen),
);
const PublicProposalScreen = lazyComponent(() =>
  import('../screens/proposal/PublicProposalScreen').then((module) => module.PublicProposalScreen),
);
const SelectionScreen = lazyComponent(() =>
  import('../screens/selection/SelectionScreen').then((module) => module.SelectionScreen),
);
const StartScreen = lazyComponent(() =>
  import('../screens/start/StartScreen').then((module) => module.StartScreen),
);
const VintageDetailScreen = lazyComponent(() =>
  import('../screens/vintage-detail/VintageDetailScreen').then((module) => module.VintageDetailScreen),
);
const WineriesScreen = lazyComponent(() =>
  import('../screens/wineries/WineriesScreen').then((module) => module.WineriesScreen),
);
const WineryDetailScreen = lazyComponent(() =>
  import('../screens/winery-detail/WineryDetailScreen').then((module) => module.WineryDetailScreen),
);

const entryRoutes: RouteObject[] = [
  { path: '/', element: <EntryScreen mode="login" /> },
  { path: '/login', element: <EntryScreen mode="login" /> },
  { path: '/register/:lwin?', element: <EntryScreen mode="register" /> },
  { path: '/activate/:uid/:lwin?', element: <EntryScreen mode="activation" /> },
  { path: '/set-password/:token', element: <EntryScreen mode="reset-password" /> },
  { path: '/confirm-email/:token', element: <ConfirmEmailScreen /> },
  { path: '/vintage/:id', element: <VintageDetailScreen publicView /> },
  { path: '/chateaus/:id', element: <WineryDetailScreen publicView /> },
  { path: '/index-chart', element: <IndexChartScreen /> },
  { path: '/angebot/:id', element: <PublicOfferScreen /> },
  { path: '/portfolio/:uid', element: <PublicProposalScreen mode="portfolio" /> },
  { path: '/present/:uid', element: <PublicProposalScreen mode="present" /> },
  { path: '/quote/:uid', element: <PublicProposalScreen mode="quote" /> },
  { path: '/embed/:uid', element: <PublicProposalScreen mode="embed" /> },
];

/** Areas that exist in the spec but are built by later issues. */
const placeholderRoutes: Array<{ path: string; title: string }> = [];

/** The screens inside the frame of `/admin/*`. */
const adminScreenRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={START_PATH} replace /> },
  { path: 'start', element: <StartScreen /> },
  { path: 'weinangebot', element: <OffersScreen /> },
  { path: 'angebot', element: <OfferDetailScreen /> },
  { path: 'angebot/:lwin11', element: <OfferDetailScreen /> },
  { path: 'depot', element: <DepotScreen /> },
  { path: STAFF_DEPOT_ROUTE, element: <DepotScreen /> },
  { path: 'academy-overview', element: <AcademyOverviewScreen /> },
  { path: 'academy/:slug', element: <AcademyVideoScreen /> },
  { path: 'all-wineries', element: <WineriesScreen /> },
  { path: 'chateaus/:id', element: <WineryDetailScreen /> },
  { path: 'vintage/:id', element: <VintageDetailScreen /> },
  { path: 'blog/:slug', element: <BlogPostScreen /> },
  { path: 'orderlist', element: <OrderListScreen /> },
  { path: 'invoices', element: <InvoicesScreen /> },
  { path: 'selection', element: <SelectionScreen /> },
  { path: 'selection/wt', element: <SelectionScreen /> },
  { path: 'portfolio-entwicklung', element: <PortfolioDevelopmentScreen /> },
  ...placeholderRoutes.map(({ path, title }) => ({ path, element: <PlaceholderPage title={title} /> })),
  {
    path: 'management',
    element: (
      <StaffOnly>
        <ManagementScreen />
      </StaffOnly>
    ),
  },
  { path: '*', element: <Navigate to={START_PATH} replace /> },
];

const adminRoutes: RouteObject = {
  path: '/admin',
  element: <RequireSession />,
  children: [
    {
      element: <AdminLayout />,
      // The frame (sidebar, top bar) stays while a screen's code loads.
      children: [{ element: <ScreenSuspense />, children: adminScreenRoutes }],
    },
  ],
};

const appRoutes: RouteObject[] = [
  {
    element: <ScreenSuspense />,
    children: [...entryRoutes, adminRoutes, { path: '*', element: <Navigate to="/" replace /> }],
  },
];

/**
 * The app's routes, rendered inside `<BrowserRouter>`. The app uses no loaders or actions, so it
 * does without the data router (`createBrowserRouter`), which would add about 15 KB gzipped to
 * every first load.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Fetches the code of every split-off part of the page at `pathname` at once (e.g. the admin
 * frame and the depot screen) instead of one after the other as they render. The app renders
 * after this, so its first render needs no fallback.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(appRoutes, pathname) ?? []).map((match) => preloadElement(match.route.element)),
  );
}
