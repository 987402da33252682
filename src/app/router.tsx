import { useEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { SkipLink } from '../components/a11y/SkipLink';
import { lazyComponent, preloadElement, ScreenSuspense } from '../components/lazy-component';
import { LEGAL_PAGES } from '../domain/legal-pages';
import { START_PATH } from '../routes/entry-navigation';
import { ADMIN_ROUTE_PATHS as A, ADMIN_ROUTE_PATH, ENTRY_ROUTE_PATHS as E } from '../routes/route-paths';
import { StaffOnly } from './StaffOnly';
import { RequireSession } from './session/RequireSession';

// Every screen is its own chunk: a route's first load fetches the shell and that screen only.
const AcademyOverviewScreen = lazyComponent(() =>
  import('../features/academy/ui/AcademyOverviewScreen').then((module) => module.AcademyOverviewScreen),
);
const AcademyVideoScreen = lazyComponent(() =>
  import('../features/academy/ui/AcademyVideoScreen').then((module) => module.AcademyVideoScreen),
);
const AdminLayout = lazyComponent(() => import('./layout/AdminLayout').then((module) => module.AdminLayout));
const BlogPostScreen = lazyComponent(() =>
  import('../features/academy/ui/BlogPostScreen').then((module) => module.BlogPostScreen),
);
const ConfirmEmailScreen = lazyComponent(() =>
  import('../features/entry/ui/ConfirmEmailScreen').then((module) => module.ConfirmEmailScreen),
);
const DepotScreen = lazyComponent(() =>
  import('../features/depot/ui/DepotScreen').then((module) => module.DepotScreen),
);
// The entry pages and the public offer page need only the first screen's styles (styles/first-screen.css).
const EntryScreen = lazyComponent(
  () => import('../features/entry/ui/EntryScreen').then((module) => module.EntryScreen),
  { firstScreen: true },
);
const IndexChartScreen = lazyComponent(() =>
  import('../features/wineries/ui/IndexChartScreen').then((module) => module.IndexChartScreen),
);
const InvoicesScreen = lazyComponent(() =>
  import('../features/invoices/ui/InvoicesScreen').then((module) => module.InvoicesScreen),
);
const LegalPageScreen = lazyComponent(() =>
  import('../features/legal/ui/LegalPageScreen').then((module) => module.LegalPageScreen),
);
const ManagementScreen = lazyComponent(() =>
  import('../features/backoffice/ui/ManagementScreen').then((module) => module.ManagementScreen),
);
const OfferDetailScreen = lazyComponent(() =>
  import('../features/offers/ui/OfferDetailScreen').then((module) => module.OfferDetailScreen),
);
const OffersScreen = lazyComponent(() =>
  import('../features/offers/ui/OffersScreen').then((module) => module.OffersScreen),
);
const OrderListScreen = lazyComponent(() =>
  import('../features/order-list/ui/OrderListScreen').then((module) => module.OrderListScreen),
);
const PortfolioDevelopmentScreen = lazyComponent(() =>
  import('../features/advice/ui/PortfolioDevelopmentScreen').then(
    (module) => module.PortfolioDevelopmentScreen,
  ),
);
const PublicOfferScreen = lazyComponent(
  () => import('../features/offers/ui/PublicOfferScreen').then((module) => module.PublicOfferScreen),
  { firstScreen: true },
);
const PublicProposalScreen = lazyComponent(() =>
  import('../features/advice/ui/PublicProposalScreen').then((module) => module.PublicProposalScreen),
);
const SelectionScreen = lazyComponent(() =>
  import('../features/advice/ui/SelectionScreen').then((module) => module.SelectionScreen),
);
const StartScreen = lazyComponent(() =>
  import('../features/start/ui/StartScreen').then((module) => module.StartScreen),
);
const VintageDetailScreen = lazyComponent(() =>
  import('../features/wineries/ui/VintageDetailScreen').then((module) => module.VintageDetailScreen),
);
const WineriesScreen = lazyComponent(() =>
  import('../features/wineries/ui/WineriesScreen').then((module) => module.WineriesScreen),
);
const WineryDetailScreen = lazyComponent(() =>
  import('../features/wineries/ui/WineryDetailScreen').then((module) => module.WineryDetailScreen),
);

const entryRoutes: RouteObject[] = [
  { path: E.root, element: <EntryScreen mode="login" /> },
  { path: E.login, element: <EntryScreen mode="login" /> },
  { path: E.register, element: <EntryScreen mode="register" /> },
  { path: E.activate, element: <EntryScreen mode="activation" /> },
  { path: E.setPassword, element: <EntryScreen mode="reset-password" /> },
  { path: E.confirmEmail, element: <ConfirmEmailScreen /> },
  { path: E.vintage, element: <VintageDetailScreen publicView /> },
  { path: E.winery, element: <WineryDetailScreen publicView /> },
  { path: E.indexChart, element: <IndexChartScreen /> },
  { path: E.offer, element: <PublicOfferScreen /> },
  { path: E.portfolio, element: <PublicProposalScreen mode="portfolio" /> },
  { path: E.present, element: <PublicProposalScreen mode="present" /> },
  { path: E.quote, element: <PublicProposalScreen mode="quote" /> },
  { path: E.embed, element: <PublicProposalScreen mode="embed" /> },
  ...LEGAL_PAGES.map((page) => ({ path: page.path, element: <LegalPageScreen slug={page.slug} /> })),
];

/** The screens inside the frame of `/admin/*`. */
const adminScreenRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={START_PATH} replace /> },
  { path: A.start, element: <StartScreen /> },
  { path: A.offers, element: <OffersScreen /> },
  { path: A.hotDeals, element: <OfferDetailScreen /> },
  { path: A.offerDetail, element: <OfferDetailScreen /> },
  { path: A.depot, element: <DepotScreen /> },
  { path: A.staffDepot, element: <DepotScreen /> },
  { path: A.academyOverview, element: <AcademyOverviewScreen /> },
  { path: A.academyVideo, element: <AcademyVideoScreen /> },
  { path: A.wineries, element: <WineriesScreen /> },
  { path: A.winery, element: <WineryDetailScreen /> },
  { path: A.vintage, element: <VintageDetailScreen /> },
  { path: A.blogPost, element: <BlogPostScreen /> },
  { path: A.orderList, element: <OrderListScreen /> },
  { path: A.invoices, element: <InvoicesScreen /> },
  { path: A.selection, element: <SelectionScreen /> },
  { path: A.selectionComposed, element: <SelectionScreen /> },
  { path: A.portfolioDevelopment, element: <PortfolioDevelopmentScreen /> },
  {
    path: A.management,
    element: (
      <StaffOnly>
        <ManagementScreen />
      </StaffOnly>
    ),
  },
  { path: '*', element: <Navigate to={START_PATH} replace /> },
];

const adminRoutes: RouteObject = {
  path: ADMIN_ROUTE_PATH,
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
  usePreloadOnIntent();
  const page = useRoutes(appRoutes);
  return (
    <>
      <SkipLink />
      {page}
    </>
  );
}

/** What a visitor's intent to go somewhere shows on: a link, or an element naming its target page. */
const INTENT_TARGETS = 'a[href], [data-preload-route]';

/**
 * Fetches a screen's code as soon as a link to it is pointed at, focused or touched, before the
 * click, and the code of the page a form leads to (`data-preload-route`, the login's) once the
 * form is used: a screen whose code is there renders at once, while one that suspends shows the
 * fallback and React then holds its content back for up to 300 ms (the depot's first
 * visit from the start page).
 */
export function usePreloadOnIntent(preload: (pathname: string) => unknown = preloadRoute): void {
  useEffect(() => {
    let last = '';
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest(INTENT_TARGETS) : null;
      let pathname: string | undefined;
      if (target instanceof HTMLAnchorElement) {
        if (target.origin === window.location.origin) pathname = target.pathname;
      } else if (target instanceof HTMLElement) pathname = target.dataset.preloadRoute;
      if (!pathname || pathname === last) return;
      last = pathname;
      void preload(pathname);
    };
    const types = ['pointerover', 'pointerdown', 'focusin'] as const;
    for (const type of types) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of types) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [preload]);
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
