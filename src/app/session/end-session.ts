import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueryCache } from '../../db/query-cache';
import type { SessionStore } from './session-store';

/**
 * The three clean-ups of a logout (spec client-area 4): the stored session, the in-memory query
 * cache and the persisted query cache, so that nothing of this user stays on the device.
 */
export async function endSession(sessionStore: SessionStore, queryClient: QueryClient): Promise<void> {
  sessionStore.clear();
  queryClient.clear();
  await clearPersistedQueryCache().catch(() => undefined);
}
