/**
 * Which addresses are the single-page app and which the server answers itself. Shared by the
 * server's SPA fallback (`server/http.ts`) and the service worker's navigation fallback
 * (`src/sw/service-worker.ts`), so that a server page (an invoice PDF, the hosted payment page, a
 * certificate) never opens the app instead, online or under the service worker.
 */

/** Paths of the API, media, built files and the server's own pages and documents. */
export const SERVER_PATH_PREFIXES = [
  '/graphql',
  '/api/',
  '/media/',
  '/assets/',
  '/pay/',
  '/webhooks/',
  '/certificate/',
  '/verify/',
  '/invoices/',
  '/settlement/',
  '/unlock/',
  '/end-session/',
  // The warehouse's system posts its stock reports here (server/routes/warehouse.ts).
  '/api/',
  // Probes and monitoring (server/routes/health.ts): never the app, never from a cache.
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** Whether the server answers this path itself (also the bare prefix, e.g. `/pay`). */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some(
    (prefix) => pathname.startsWith(prefix) || pathname === prefix.replace(/\/$/, ''),
  );
}

/**
 * The embeddable chart (`/embed/:uid`): the one app route other sites may frame (`EMBED_ORIGINS`).
 * The service worker leaves its page requests to the network, so they always carry the server's
 * framing headers, not those of the app shell it keeps for every other route.
 */
export const EMBED_PATH_PREFIX = '/embed/';

export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith(EMBED_PATH_PREFIX);
}

/** Whether the last segment names a file (`/robots.txt`), like Node's `path.extname`. */
function hasFileExtension(pathname: string): boolean {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return segment.lastIndexOf('.') > 0;
}

/**
 * Whether a page request for this path is answered with the app's `index.html`: not a server path,
 * and not a file, except inside `/admin/` (the staff depot route ends in an e-mail address).
 */
export function isSpaPath(pathname: string): boolean {
  if (isServerPath(pathname)) return false;
  return !hasFileExtension(pathname) || pathname.startsWith('/admin/');
}
