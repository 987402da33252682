import { LEGAL_PAGES, type LegalPage } from '../domain/legal-pages';
import { STAFF_DEPOT_ROUTE } from './depot-routes';

/**
 * Every route path of the PWA, in one plain module (no React): the router builds its routes from
 * it and the screen audit (`tests/audit`) visits each of them; a path added here without an entry
 * in the audit's table fails the audit.
 */

/** Routes outside the admin frame (entry screens and public pages). */
export const ENTRY_ROUTE_PATHS = {
  root: '/',
  login: '/login',
  register: '/register/:lwin?',
  activate: '/activate/:uid/:lwin?',
  setPassword: '/set-password/:token',
  confirmEmail: '/confirm-email/:token',
  vintage: '/vintage/:id',
  winery: '/chateaus/:id',
  indexChart: '/index-chart',
  offer: '/angebot/:id',
  portfolio: '/portfolio/:uid',
  present: '/present/:uid',
  quote: '/quote/:uid',
  embed: '/embed/:uid',
} as const;

/** The legal pages (Impressum, Datenschutz, AGB, Widerruf, Barrierefreiheit): public, outside the frame. */
export const LEGAL_ROUTE_PATHS: readonly LegalPage['path'][] = LEGAL_PAGES.map((page) => page.path);

/** The frame of the logged-in area. */
export const ADMIN_ROUTE_PATH = '/admin';

/** The screens inside `/admin/*`, relative to it. */
export const ADMIN_ROUTE_PATHS = {
  start: 'start',
  offers: 'weinangebot',
  hotDeals: 'angebot',
  offerDetail: 'angebot/:lwin11',
  depot: 'depot',
  staffDepot: STAFF_DEPOT_ROUTE,
  academyOverview: 'academy-overview',
  academyVideo: 'academy/:slug',
  wineries: 'all-wineries',
  winery: 'chateaus/:id',
  vintage: 'vintage/:id',
  blogPost: 'blog/:slug',
  orderList: 'orderlist',
  invoices: 'invoices',
  selection: 'selection',
  selectionComposed: 'selection/wt',
  portfolioDevelopment: 'portfolio-entwicklung',
  management: 'management',
} as const;

/** Pages the server renders itself (not routes of the PWA), audited as well. */
export const SERVER_PAGE_PATHS = {
  pay: '/pay/:id',
  paymentPortal: '/pay/portal/:token',
  verify: '/verify/:fingerprint',
} as const;

export type EntryRouteKey = keyof typeof ENTRY_ROUTE_PATHS;
export type AdminRouteKey = keyof typeof ADMIN_ROUTE_PATHS;
export type ServerPageKey = keyof typeof SERVER_PAGE_PATHS;

/** Every full path of the PWA and of the server's pages, e.g. `/admin/depot`. */
export function allRoutePaths(): string[] {
  return [
    ...Object.values(ENTRY_ROUTE_PATHS),
    ...LEGAL_ROUTE_PATHS,
    ...Object.values(ADMIN_ROUTE_PATHS).map((path) => `${ADMIN_ROUTE_PATH}/${path}`),
    ...Object.values(SERVER_PAGE_PATHS),
  ];
}
