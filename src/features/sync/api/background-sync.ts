import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { syncState } from '../../../db/sync-state';
import {
  USER_CACHES,
  WARM_ON_DEMAND_CHUNKS,
  STORAGE_FULL as WORKER_STORAGE_FULL,
} from '../../../sw/cache-names';
import type { SyncResult } from './sync';

/** How often the sync runs while the app is open. */
export const SYNC_INTERVAL_MS = 15 * 60 * 1000;

/** A start of the app (or of the admin frame) this soon after a complete sync does not sync again. */
export const SYNC_FRESH_MS = 60 * 1000;

/** The sync starts this long after the app, behind the first screen's requests. */
export const SYNC_START_DELAY_MS = 2_000;

const SYNC_FAILED = 'Die Daten konnten nicht synchronisiert werden.';
const STORAGE_FULL =
  'Der Speicher des Geräts ist voll: Bilder werden offline nicht angezeigt, die Daten bleiben verfügbar.';
const STORAGE_FULL_DATA =
  'Der Speicher des Geräts ist voll: Die Bilder wurden entfernt, und nicht alle Daten konnten für die Offline-Nutzung gespeichert werden.';

let running: Promise<void> | null = null;
/** Aborts the running sync (its requests, image and file fetches): on logout and on a change of user. */
let abortRunning: AbortController | null = null;

/**
 * Stops the running sync at once: its remaining requests are not sent and the image warm-up does
 * not refill the caches the logout empties. Resolves when the sync has stopped.
 */
export async function stopBackgroundSync(): Promise<void> {
  abortRunning?.abort();
  await running?.catch(() => undefined);
}

const QUOTA_ERRORS = ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'];

/** A full quota, as the browser says it, or as Dexie passes it on (its own error of that name, the browser's in `inner`). */
function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  while (typeof current === 'object' && current !== null) {
    if ('name' in current && QUOTA_ERRORS.includes(String(current.name))) return true;
    current = 'inner' in current ? current.inner : undefined;
  }
  return false;
}

/** Fetches through the service worker, which keeps the answer in its runtime cache. */
async function warm(urls: readonly string[], signal: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !signal.aborted) {
      const url = urls[next] as string;
      next += 1;
      await fetch(url, { credentials: 'same-origin', signal }).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, urls.length) }, worker));
}

/** How long the sync waits for the service worker to have fetched the on-demand chunks. */
const WARM_CHUNKS_MS = 120_000;

/**
 * The chunks left out of the precache (`ON_DEMAND_CHUNK`, src/sw/cache-names.ts): the service worker
 * fetches them into its cache, so the offline map and the offline Excel export work. Fetched, not
 * imported: running maplibre and exceljs on the page blocked its main thread for seconds at the
 * first start (Lighthouse: total blocking time on /admin/depot).
 */
async function loadOnDemandChunks(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  const mapWorker = await import('maplibre-gl/dist/maplibre-gl-worker.mjs?url').then(
    (module) => module.default,
  );
  await Promise.all([
    fetch(mapWorker).catch(() => undefined),
    worker &&
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        const timer = window.setTimeout(resolve, WARM_CHUNKS_MS);
        channel.port1.onmessage = () => {
          window.clearTimeout(timer);
          resolve();
        };
        worker.postMessage({ type: WARM_ON_DEMAND_CHUNKS }, [channel.port2]);
      }),
  ]);
}

/** Says that the device is full and what that means offline (one notification at a time: its id). */
function showStorageFull(message: string): void {
  notifications.show({
    id: 'storage-full',
    color: 'yellow',
    title: 'Speicher voll',
    message,
    autoClose: 10_000,
  });
}

/** With a full quota the images go first (the data matters more); the user is told. */
async function dropImages(message = STORAGE_FULL): Promise<void> {
  await caches?.delete(USER_CACHES.images).catch(() => undefined);
  showStorageFull(message);
}

// The images are stored by the service worker: a full quota there (its caches already emptied by
// workbox's purgeOnQuotaError) reaches the page as a message.
if (typeof navigator !== 'undefined') {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (event.data?.type === WORKER_STORAGE_FULL) showStorageFull(STORAGE_FULL);
  });
}

/** The service worker controls the page (on the first visit it takes over shortly after the start). */
async function serviceWorkerControl(timeoutMs = 20_000): Promise<boolean> {
  const container = navigator.serviceWorker;
  if (!container) return false;
  if (container.controller) return true;
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(container.controller !== null), timeoutMs);
    container.addEventListener(
      'controllerchange',
      () => {
        window.clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

/**
 * The code the offline map and the offline Excel export need and the invoice PDFs, before the
 * sync says "Synchronisiert": once it does, every screen and its downloads work offline.
 */
async function beforeDone(result: SyncResult, signal: AbortSignal): Promise<void> {
  if (!result.full && result.files.length === 0) return;
  // Only through the service worker do the files and chunks land in its caches.
  if (!(await serviceWorkerControl())) return;
  // The chunks change only with the app build, and another build syncs in full.
  if (result.full) await loadOnDemandChunks().catch(() => undefined);
  await warm(result.files, signal);
}

/** The images (many, only pictures) after the state says synchronised; a logout aborts them. */
async function afterData(result: SyncResult, firstSync: boolean, signal: AbortSignal): Promise<void> {
  if (result.images.length === 0 && !firstSync) return;
  if (!(await serviceWorkerControl())) return;
  await warm(result.images, signal);
  if (signal.aborted) return;
  if (firstSync) await navigator.storage?.persist?.().catch(() => false);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (estimate?.quota && estimate.usage && estimate.usage / estimate.quota > 0.95) await dropImages();
}

/**
 * Runs the sync once (a second call while one runs joins it): in full the first time, else the
 * delta since the last one (`syncClientArea`). Offline it does nothing. The state in the top bar
 * follows: syncing → "Synchronisiert um …" or failed.
 */
export function runBackgroundSync(
  client: GraphQLClient,
  queryClient: QueryClient,
  userKey: string,
  isCurrentUser: () => boolean,
): Promise<void> {
  if (running) return running;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  const firstSync = syncState.get().syncedAt === null;
  syncState.started();
  const abort = new AbortController();
  abortRunning = abort;
  const cancelled = () => abort.signal.aborted || !isCurrentUser();
  running = (async () => {
    try {
      // Loaded with the first sync: it holds every area's documents, which the shell (and /login)
      // must not carry.
      const { syncClientArea } = await import('./sync');
      const result = await syncClientArea(client, queryClient, {
        userKey,
        buildId: __APP_BUILD_ID__,
        isCancelled: cancelled,
      });
      if (cancelled()) return;
      await beforeDone(result, abort.signal);
      if (cancelled()) return;
      syncState.succeeded(Date.now());
      await afterData(result, firstSync, abort.signal);
    } catch (error) {
      if (cancelled()) return;
      // The data itself did not fit: the images go to make room, and the user is told what is missing.
      if (isQuotaError(error)) await dropImages(STORAGE_FULL_DATA);
      syncState.failed(navigator.onLine === false ? 'Keine Verbindung' : SYNC_FAILED);
    } finally {
      running = null;
      if (abortRunning === abort) abortRunning = null;
    }
  })();
  return running;
}
