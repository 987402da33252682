/**
 * The lazily loaded modules each route renders first (`src/app/router.tsx`: the admin frame plus
 * the screen), as source paths of Vite's build manifest. The server links their code into the app
 * shell it sends for a route (`modulepreload`, server/first-screen.ts), and the front-end budgets
 * measure each route's first load from them (scripts/check-budgets.ts).
 */
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
const screen = (folder: string, name: string) => `src/screens/${folder}/${name}.tsx`;
const admin = (route: string, folder: string, name: string): RouteScreens => ({
  route,
  screens: [ADMIN_FRAME, screen(folder, name)],
});
const entry = (route: string, folder: string, name: string): RouteScreens => ({
  route,
  screens: [screen(folder, name)],
});
/** A mode of the entry screen whose form is split off (`EntryScreen.tsx`). */
const entryMode = (route: string, form: string): RouteScreens => ({
  route,
  screens: [screen('entry', 'EntryScreen'), `src/screens/entry/${form}.tsx`],
});

export const ROUTE_SCREENS: readonly RouteScreens[] = [
  entry('/login', 'entry', 'EntryScreen'),
  entryMode('/register', 'RegisterForm'),
  entryMode('/set-password/:token', 'ResetPasswordForm'),
  entryMode('/activate/:uid', 'ActivationView'),
  entry('/confirm-email/:token', 'confirm-email', 'ConfirmEmailScreen'),
  entry('/chateaus/:id', 'winery-detail', 'WineryDetailScreen'),
  entry('/angebot/:id', 'offer-detail', 'PublicOfferScreen'),
  entry('/vintage/:id', 'vintage-detail', 'VintageDetailScreen'),
  entry('/index-chart', 'index-chart', 'IndexChartScreen'),
  entry('/portfolio/:uid', 'proposal', 'PublicProposalScreen'),
  admin('/admin/start', 'start', 'StartScreen'),
  admin('/admin/weinangebot', 'offers', 'OffersScreen'),
  admin('/admin/angebot/:lwin11', 'offer-detail', 'OfferDetailScreen'),
  { ...admin('/admin/depot', 'depot', 'DepotScreen'), earlyScript: EARLY_REQUESTS_ENTRY },
  admin('/admin/academy-overview', 'academy', 'AcademyOverviewScreen'),
  admin('/admin/academy/:slug', 'academy-video', 'AcademyVideoScreen'),
  admin('/admin/all-wineries', 'wineries', 'WineriesScreen'),
  admin('/admin/chateaus/:id', 'winery-detail', 'WineryDetailScreen'),
  admin('/admin/blog/:slug', 'blog-post', 'BlogPostScreen'),
  admin('/admin/orderlist', 'order-list', 'OrderListScreen'),
  admin('/admin/invoices', 'invoices', 'InvoicesScreen'),
  admin('/admin/portfolio-entwicklung', 'portfolio-development', 'PortfolioDevelopmentScreen'),
  admin('/admin/vintage/:id', 'vintage-detail', 'VintageDetailScreen'),
  admin('/admin/selection', 'selection', 'SelectionScreen'),
  admin('/admin/management', 'management', 'ManagementScreen'),
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
