import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionStore } from '../../../api/session/session-context';
import { deviceUserKey, type Session } from '../../../api/session/session-store';
import { loadDatabase } from '../../../db/load-database';
import { clearPersistedQueryCache } from '../../../db/query-cache';

/**
 * Removes what other users read on this device. Their unsent order-list changes stay (keyed by
 * user, replayed only in their own session), so nobody's changes are lost by a shared device.
 */
async function forgetOtherUsersReads(userKey: string): Promise<void> {
  const database = await loadDatabase();
  const owners = (await database.queryCache.orderBy('userKey').uniqueKeys()).map(String);
  for (const owner of owners) if (owner !== userKey) await clearPersistedQueryCache(owner);
}

/** Starts a session; cached data of whoever used this tab or device before must not show for the new user. */
export function useSignIn(): (session: Session) => void {
  const sessionStore = useSessionStore();
  const queryClient = useQueryClient();
  return useCallback(
    (session: Session) => {
      queryClient.clear();
      sessionStore.signIn(session);
      void forgetOtherUsersReads(deviceUserKey(session.user)).catch(() => undefined);
    },
    [queryClient, sessionStore],
  );
}
