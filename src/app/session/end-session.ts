import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueryCache } from '../../db/query-cache';
import { forgetDevicePushOnServer, unsubscribeDevicePush } from '../pwa/push-subscription';
import type { SessionStore } from './session-store';

/**
 * The three clean-ups of a logout (spec client-area 4): the stored session, the in-memory query
 * cache and the persisted query cache, so that nothing of this user stays on the device. The
 * device's push subscription ends as well: it belongs to this user on the server. A logout passes
 * `forgetPushOnServer`, so that the server deletes the subscription first, while the token is still
 * valid; an expired session (no valid token) does not.
 */
export async function endSession(
  sessionStore: SessionStore,
  queryClient: QueryClient,
  forgetPushOnServer?: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  if (forgetPushOnServer) await forgetDevicePushOnServer(forgetPushOnServer).catch(() => undefined);
  sessionStore.clear();
  queryClient.clear();
  await Promise.all([
    clearPersistedQueryCache().catch(() => undefined),
    unsubscribeDevicePush().catch(() => undefined),
  ]);
}
