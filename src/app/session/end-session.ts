import type { QueryClient } from '@tanstack/react-query';
import { deviceUserKey, type Session, type SessionStore } from '../../api/session/session-store';
import { clearPersistedQueryCache } from '../../db/query-cache';
import { syncState } from '../../db/sync-state';
import { stopBackgroundSync } from '../../features/sync/api/background-sync';
import { CLEAR_USER_CACHES, USER_CACHES } from '../../sw/cache-names';
import { forgetDevicePushOnServer, unsubscribeDevicePush } from '../pwa/push-subscription';

/** How long the logout waits for the service worker to confirm that it emptied the user caches. */
const WORKER_ANSWER_MS = 3_000;

/**
 * Asks the service worker to empty the user caches and to store nothing a request made before
 * brings (an image of the sync's warm-up may still be on its way); resolves when it answered.
 */
function clearWorkerCaches(): Promise<void> {
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, WORKER_ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: CLEAR_USER_CACHES }, [channel.port2]);
  });
}

/** Deletes the service worker's caches that hold user data (images of the depot, invoice PDFs). */
async function clearUserCaches(): Promise<void> {
  await clearWorkerCaches();
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(USER_CACHES).map((name) => caches.delete(name)));
}

/**
 * Empties the user's outbox (a logout, after the user chose to send or discard the changes), under
 * the id and under the e-mail address of older sessions. Changes of other users who did not log out
 * here stay for their next sign-in (never dropped by someone else's logout).
 */
async function clearOutboxes(owner: Session | null): Promise<void> {
  if (!owner) return;
  const { clearOutbox } = await import('../../features/order-list/api/outbox-store');
  await clearOutbox(deviceUserKey(owner.user));
  await clearOutbox(owner.user.email);
}

/**
 * The clean-ups of a session's end (spec client-area 4): the stored session, the in-memory query
 * cache, the persisted query cache, the sync state and the service worker's caches of user data
 * (images, invoice PDFs), so that nothing of this user stays on the device — a shared tablet shows
 * nothing of the last user offline. The device's push subscription ends as well: it belongs to
 * this user on the server. A logout passes `forgetPushOnServer`, so that the server deletes the
 * subscription first, while the token is still valid; an expired session (no valid token) does not.
 * A logout also passes `endOnServer`: the server ends the session (token and refresh refused on
 * every instance) before the device forgets the token.
 *
 * The outbox (unsent changes) is emptied only with `clearOutbox` — a logout, after the user chose
 * to send or to discard them; when a session merely expires, the changes wait for the next sign-in.
 */
export async function endSession(
  sessionStore: SessionStore,
  queryClient: QueryClient,
  forgetPushOnServer?: (endpoint: string) => Promise<unknown>,
  options: { clearOutbox?: boolean; endOnServer?: () => Promise<unknown> } = {},
): Promise<void> {
  if (forgetPushOnServer) await forgetDevicePushOnServer(forgetPushOnServer).catch(() => undefined);
  // Offline the call fails: the device still forgets everything, and the token expires unused.
  if (options.endOnServer) await options.endOnServer().catch(() => undefined);
  const owner = sessionStore.getSession();
  sessionStore.clear();
  // The running sync (and its image warm-up) stops first, so it cannot refill what is deleted here.
  await stopBackgroundSync();
  queryClient.clear();
  syncState.forgetAll();
  await Promise.all([
    clearPersistedQueryCache().catch(() => undefined),
    options.clearOutbox ? clearOutboxes(owner).catch(() => undefined) : Promise.resolve(),
    unsubscribeDevicePush().catch(() => undefined),
  ]);
  // Last: an image request still in flight through the service worker lands before this.
  await clearUserCaches().catch(() => undefined);
}
