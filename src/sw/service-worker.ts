/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { notificationTarget, parsePushPayload } from '../domain/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Server paths that are real pages or APIs, never the single-page app. */
const SERVER_PATHS = [/^\/graphql/, /^\/media\//, /^\/pay/, /^\/certificate/, /^\/verify/, /^\/webhooks/];
const MEDIA_IMAGE = /^\/media\/.+\.(svg|jpe?g|png|webp)$/i;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && MEDIA_IMAGE.test(url.pathname),
  new CacheFirst({
    cacheName: 'media-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    return;
  }
  const push = parsePushPayload(text);
  if (!push) return;
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

/** A click opens the notification's route: in an open window of the app if there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
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
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/assets\/.*(maplibre|exceljs)/.test(url.pathname),
  new CacheFirst({
    cacheName: 'on-demand-chunks',
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

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first installed worker takes over open tabs at once, so the app works offline without a reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
