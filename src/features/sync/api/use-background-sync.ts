import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient } from '../../../api/client';
import { useSessionStore, useUserKey } from '../../../api/session/session-context';
import { deviceUserKey } from '../../../api/session/session-store';
import { syncState } from '../../../db/sync-state';
import {
  runBackgroundSync,
  SYNC_FRESH_MS,
  SYNC_INTERVAL_MS,
  SYNC_START_DELAY_MS,
  stopBackgroundSync,
} from './background-sync';

let requestSync: (() => Promise<void>) | null = null;

/** "Jetzt synchronisieren": runs the sync of the mounted admin frame now. */
export function syncNow(): Promise<void> {
  return requestSync?.() ?? Promise.resolve();
}

/**
 * Keeps the device's copy of the client area current: a sync at app start (and so after each
 * sign-in), when the connection returns and every 15 minutes. Mounted once in the admin frame.
 */
export function useBackgroundSync(): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const sessionStore = useSessionStore();
  const userKey = useUserKey();
  useEffect(() => {
    syncState.switchUser(userKey);
    if (!userKey) return undefined;
    const isCurrentUser = () => {
      const session = sessionStore.getSession();
      return session !== null && deviceUserKey(session.user) === userKey;
    };
    const sync = () => runBackgroundSync(client, queryClient, userKey, isCurrentUser);
    requestSync = sync;
    const onOnline = () => void sync();
    const { syncedAt } = syncState.get();
    // A moment after the start: the screen's own code and data come first (the browser has only a
    // few connections per server, and the sync would queue them behind its requests).
    const startDelay =
      syncedAt === null || Date.now() - syncedAt > SYNC_FRESH_MS
        ? window.setTimeout(() => void sync(), SYNC_START_DELAY_MS)
        : undefined;
    window.addEventListener('online', onOnline);
    const interval = window.setInterval(() => void sync(), SYNC_INTERVAL_MS);
    return () => {
      if (requestSync === sync) requestSync = null;
      window.removeEventListener('online', onOnline);
      window.clearInterval(interval);
      window.clearTimeout(startDelay);
      // Another user (or none): the sync of this one stops before it writes more to the device.
      if (!isCurrentUser()) void stopBackgroundSync();
    };
  }, [client, queryClient, sessionStore, userKey]);
}
