/**
 * The lazily loaded modules each route renders first (`src/app/router.tsx`: the admin frame plus
 * the screen), as source paths of Vite's build manifest. The server links their code into the app
 * shell it sends for a route (`modulepreload`, server/first-screen.ts), and the front-end budgets
 * measure each route's first load from them (scripts/check-budgets.ts).
 */
import { LEGAL_PAGES } from '../domain/legal-pages';

export interface RouteScreens {
  /** A path of the route, as a visitor opens it (`:name` for a segment). */
  route: string;
  screens: readonly string[];
  /** An entry of its own run before the app's script (its requests leave before the app's code runs). */
  earlyScript?: string;
}

/** Sends the request of the own depot before the app's code runs (`early-requests.ts`). */
export const EARLY_REQUESTS_ENTRY = 'src/app/start-early-requests.ts';
/** The name of that entry's built file (`vite.config.ts` input), `assets/early-requests-<hash>.js`. */
export const EARLY_REQUESTS_NAME = 'early-requests';
/** The built file of the early requests among the build's files (the service worker's manifest). */
export const EARLY_REQUESTS_FILE = new RegExp(`(^|/)assets/${EARLY_REQUESTS_NAME}-[\\w-]+\\.js$`);

/** The start of the app's own script element in the built `index.html`. */
const APP_SCRIPT_START = '<script type="module"';

/**
 * The app shell `shell` with the early script `src` (a path of the origin) run before the app's
 * script: the server's page of a route with one, and the service worker's (the same shell, kept
 * for offline use) both send it so.
 */
export function withEarlyScript(shell: string, src: string): string {
  return shell.replace(
    APP_SCRIPT_START,
    () => `<script type="module" crossorigin src="${src}"></script>${APP_SCRIPT_START}`,
  );
}

const ADMIN_FRAME = 'src/app/layout/AdminLayout.tsx';
const screen = (feature: string, name: string) => `src/features/${feature}/ui/${name}.tsx`;
const admin = (route: string, feature: string, name: string): RouteScreens => ({
  route,
  screens: [ADMIN_FRAME, screen(feature, name)],
});
const entry = (route: string, feature: string, name: string): RouteScreens => ({
  route,
  screens: [screen(feature, name)],
});
/** A mode of the entry screen whose form is split off (`EntryScreen.tsx`). */
const entryMode = (route: string, form: string): RouteScreens => ({
  route,
  screens: [screen('entry', 'EntryScreen'), screen('entry', form)],
});

export const ROUTE_SCREENS: readonly RouteScreens[] = [
  entry('/login', 'entry', 'EntryScreen'),
  entryMode('/register', 'RegisterForm'),
  entryMode('/set-password/:token', 'ResetPasswordForm'),
  entryMode('/activate/:uid', 'ActivationView'),
  entry('/confirm-email/:token', 'entry', 'ConfirmEmailScreen'),
  entry('/chateaus/:id', 'wineries', 'WineryDetailScreen'),
  entry('/angebot/:id', 'offers', 'PublicOfferScreen'),
  entry('/vintage/:id', 'wineries', 'VintageDetailScreen'),
  entry('/index-chart', 'wineries', 'IndexChartScreen'),
  entry('/portfolio/:uid', 'advice', 'PublicProposalScreen'),
  ...LEGAL_PAGES.map((page) => entry(page.path, 'legal', 'LegalPageScreen')),
  admin('/admin/start', 'start', 'StartScreen'),
  admin('/admin/weinangebot', 'offers', 'OffersScreen'),
  admin('/admin/angebot/:lwin11', 'offers', 'OfferDetailScreen'),
  { ...admin('/admin/depot', 'depot', 'DepotScreen'), earlyScript: EARLY_REQUESTS_ENTRY },
  admin('/admin/academy-overview', 'academy', 'AcademyOverviewScreen'),
  admin('/admin/academy/:slug', 'academy', 'AcademyVideoScreen'),
  admin('/admin/all-wineries', 'wineries', 'WineriesScreen'),
  admin('/admin/chateaus/:id', 'wineries', 'WineryDetailScreen'),
  admin('/admin/blog/:slug', 'academy', 'BlogPostScreen'),
  admin('/admin/orderlist', 'order-list', 'OrderListScreen'),
  admin('/admin/invoices', 'invoices', 'InvoicesScreen'),
  admin('/admin/portfolio-entwicklung', 'advice', 'PortfolioDevelopmentScreen'),
  admin('/admin/vintage/:id', 'wineries', 'VintageDetailScreen'),
  admin('/admin/selection', 'advice', 'SelectionScreen'),
  admin('/admin/management', 'backoffice', 'ManagementScreen'),
];

/** The entry of `ROUTE_SCREENS` whose route `pathname` opens (a trailing slash allowed), if any. */
export function routeScreensOf(pathname: string): RouteScreens | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return ROUTE_SCREENS.find((entry) => {
    const pattern = entry.route.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) =>
        part.startsWith(':') ? segments[index] !== '' : part === segments[index],
      )
    );
  });
}
