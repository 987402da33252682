/// <reference lib="webworker" />
import { registerQuotaErrorCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { COMPANY_DETAILS_PATH } from '../domain/legal-pages';
import {
  base64UrlToBytes,
  notificationTarget,
  PUSH_SUBSCRIPTION_CHANGED,
  parsePushPayload,
} from '../domain/push';
import { isEmbedPath, isSpaPath } from '../domain/server-paths';
import { EARLY_REQUESTS_FILE } from '../routes/route-screens';
import {
  CLEAR_USER_CACHES,
  LEGAL_CACHE,
  ON_DEMAND_CHUNK,
  ON_DEMAND_CHUNK_CACHE,
  STORAGE_FULL,
  USER_CACHES,
  WARM_ON_DEMAND_CHUNKS,
} from './cache-names';
import { shellForRoute } from './route-shell';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// Only images are kept for offline use. Videos (`/media/videos/…?exp=…&sig=…`, signed addresses that
// expire) are never cached by this worker: they go to the network, and offline the player says so.
const MEDIA_IMAGE = /^\/media\/.+\.(svg|jpe?g|png|webp)$/i;

/**
 * Raised at every session end (`CLEAR_USER_CACHES`): a response to a request made before it belongs
 * to the previous user and is not stored in the user caches.
 */
let session = 0;
type StrategyPlugin = NonNullable<
  NonNullable<ConstructorParameters<typeof CacheFirst>[0]>['plugins']
>[number];
const sameSessionOnly: StrategyPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.session = session;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    state?.session === undefined || state.session === session ? response : null,
};

/**
 * After a full quota the images are dropped (purgeOnQuotaError) and none is stored again until the
 * session ends (`CLEAR_USER_CACHES`) or the worker restarts: storing the next ones would fill the
 * device again, drop them again and say "Speicher voll" once more. An image whose write was already
 * under way when the quota ran out is taken out again.
 */
let imagesPaused = false;
const noImagesWhileFull: StrategyPlugin = {
  cacheWillUpdate: async ({ response }) => (imagesPaused ? null : response),
  cacheDidUpdate: async ({ cacheName, request }) => {
    if (imagesPaused) await (await caches.open(cacheName)).delete(request);
  },
};
// Registered before the expiration plugins' own callbacks (which empty their caches), so no image
// write passes after the purge.
registerQuotaErrorCallback(() => {
  imagesPaused = true;
});

// The build's file list (injected once, at this one place).
const manifest = self.__WB_MANIFEST;
const manifestUrl = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url);
/** The map's and the Excel export's chunks: listed in the manifest, fetched only when asked (WARM_ON_DEMAND_CHUNKS). */
const onDemandChunks = manifest.map(manifestUrl).filter((url) => ON_DEMAND_CHUNK.test(url));
precacheAndRoute(manifest.filter((entry) => !ON_DEMAND_CHUNK.test(manifestUrl(entry))));
cleanupOutdatedCaches();

// Page requests of the app get the app shell (with the route's early requests, as the server's
// page); server pages (invoice PDF, payment, certificate, …) go to the network, by the same rule as
// the server's SPA fallback. So does the embeddable chart: framed by a partner's page, it needs the
// server's framing headers (the stored shell carries `frame-ancestors 'none'`).
const appShell = createHandlerBoundToURL('index.html');
const earlyRequestsScript = manifest.map(manifestUrl).find((url) => EARLY_REQUESTS_FILE.test(url));
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    isSpaPath(url.pathname) &&
    !isEmbedPath(url.pathname),
  async (options) => shellForRoute(await appShell(options), options.url.pathname, earlyRequestsScript),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && MEDIA_IMAGE.test(url.pathname),
  new CacheFirst({
    cacheName: USER_CACHES.images,
    // The size cap of the images the sync fetches (thumbnails, bottles, wineries): the least used go first.
    plugins: [
      sameSessionOnly,
      noImagesWhileFull,
      new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Invoice PDFs (fetched by the sync, opened from the invoices page): the current one online, the
// kept one offline. The logout deletes this cache.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/invoices\/[\w-]+\.pdf$/.test(url.pathname),
  new NetworkFirst({
    cacheName: USER_CACHES.files,
    networkTimeoutSeconds: 8,
    plugins: [sameSessionOnly, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// The provider's details of the legal pages: the current ones online, the kept ones offline;
// fetched at installation, so a legal page never opened before reads complete offline.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === COMPANY_DETAILS_PATH,
  new NetworkFirst({ cacheName: LEGAL_CACHE, networkTimeoutSeconds: 5 }),
);
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(LEGAL_CACHE)
      .then((cache) => cache.add(COMPANY_DETAILS_PATH))
      // Offline at installation: the legal pages then say the details are missing until online.
      .catch(() => undefined),
  );
});

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Unreadable: the default notification below (every push must show one).
  }
  const push = parsePushPayload(text);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'de',
      data: { url: push.url },
    }),
  );
});

/** The server's VAPID public key (a public query), when the old subscription does not tell it. */
async function vapidPublicKey(): Promise<Uint8Array<ArrayBuffer> | null> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ vapidPublicKey }' }),
  });
  const key = ((await response.json()) as { data?: { vapidPublicKey?: string } }).data?.vapidPublicKey;
  return key ? base64UrlToBytes(key) : null;
}

/**
 * The push service replaced or ended the subscription: subscribe again with the same key. Only the
 * page holds the session token, so open windows are asked to register the new subscription with
 * the server; with none open, the app registers it at its next start (`usePushSubscriptionSync`).
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const resubscribe = async (): Promise<PushSubscription | null> => {
    const applicationServerKey =
      event.oldSubscription?.options.applicationServerKey ?? (await vapidPublicKey());
    if (!applicationServerKey) return null;
    return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  };
  event.waitUntil(
    (async () => {
      const renewed =
        event.newSubscription ??
        (await self.registration.pushManager.getSubscription()) ??
        (await resubscribe());
      if (!renewed) return;
      const windows = await self.clients.matchAll({ type: 'window' });
      for (const client of windows) client.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED });
    })(),
  );
});

/** A click opens the notification's route: in an open window of the app if there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focusing may be refused (e.g. no user activation); opening the route matters more.
        await open.focus().catch(() => undefined);
        // navigate() works only on windows this worker controls; otherwise a new window opens.
        const navigated = await open.navigate(target).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

// Chunks loaded only on demand (maplibre and its worker, exceljs) are not precached; once used
// they are kept, so a map seen online also opens offline. Hashed names make them immutable.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && ON_DEMAND_CHUNK.test(url.pathname),
  new CacheFirst({
    cacheName: ON_DEMAND_CHUNK_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true })],
  }),
);

/** Background sync: the connection is back; open windows replay their order-list outbox. */
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== 'order-outbox') return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'REPLAY_OUTBOX' });
    }),
  );
});

/** Fetches the on-demand chunks not yet in their cache; a failed fetch leaves that chunk for the next sync. */
async function warmOnDemandChunks(): Promise<void> {
  const cache = await caches.open(ON_DEMAND_CHUNK_CACHE);
  await Promise.all(
    onDemandChunks.map(async (url) => {
      const absolute = new URL(url, self.registration.scope).href;
      if (!(await cache.match(absolute))) await cache.add(absolute).catch(() => undefined);
    }),
  );
}

// A full quota on a cache write: the expiration plugins (purgeOnQuotaError) empty their caches,
// the images first among them; the open pages are told so they can say it.
registerQuotaErrorCallback(async () => {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: STORAGE_FULL });
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === WARM_ON_DEMAND_CHUNKS) {
    event.waitUntil(warmOnDemandChunks().finally(() => event.ports[0]?.postMessage('done')));
  }
  if (event.data?.type === CLEAR_USER_CACHES) {
    session += 1;
    imagesPaused = false;
    event.waitUntil(
      Promise.all(Object.values(USER_CACHES).map((name) => caches.delete(name))).then(() =>
        event.ports[0]?.postMessage('done'),
      ),
    );
  }
});

// The first installed worker takes over open tabs at once, so the app works offline without a reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
