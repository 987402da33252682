import {
  type AsyncStorage,
  experimental_createQueryPersister,
  type PersistedQuery,
} from '@tanstack/query-persist-client-core';
import { loadDatabase } from './load-database';

/** The persister's storage key of a query is `q-<queryHash>` (the `queryHash` column of `queryCache`). */
export const QUERY_STORAGE_PREFIX = 'q';

export const queryStorageKey = (queryHash: string) => `${QUERY_STORAGE_PREFIX}-${queryHash}`;

/** How long data read once stays readable offline. */
export const OFFLINE_DATA_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The Dexie table as TanStack Query's per-query storage: one row per query, under the signed-in
 * user's key, so a device never shows one user's data to another. Without a user nothing is kept.
 */
export function dexieQueryStorage(currentUserKey: () => string | null): AsyncStorage<PersistedQuery> {
  return {
    async getItem(key) {
      const userKey = currentUserKey();
      if (!userKey) return null;
      const database = await loadDatabase();
      const row = await database.queryCache.get([userKey, key]);
      if (!row) return null;
      return { buster: row.buster, queryHash: key, queryKey: row.queryKey, state: row.state };
    },
    async setItem(key, value) {
      const userKey = currentUserKey();
      if (!userKey) return;
      const database = await loadDatabase();
      await database.queryCache.put({
        userKey,
        queryHash: key,
        queryKey: value.queryKey,
        state: value.state,
        buster: value.buster,
        updatedAt: Date.now(),
      });
    },
    async removeItem(key) {
      const userKey = currentUserKey();
      if (userKey) await (await loadDatabase()).queryCache.delete([userKey, key]);
    },
    async entries() {
      const userKey = currentUserKey();
      if (!userKey) return [];
      const database = await loadDatabase();
      const rows = await database.queryCache.where('userKey').equals(userKey).toArray();
      return rows.map((row): [string, PersistedQuery] => [
        row.queryHash,
        { buster: row.buster, queryHash: row.queryHash, queryKey: row.queryKey, state: row.state },
      ]);
    },
  };
}

/**
 * The query persister: restores a query from IndexedDB when it has no data yet (so a reload while
 * offline shows what was seen online) and writes every successful fetch back. Rows of another
 * app build (`buster`) or older than `OFFLINE_DATA_MAX_AGE_MS` are discarded.
 */
export function createQueryPersister(currentUserKey: () => string | null, buildId: string) {
  return experimental_createQueryPersister<PersistedQuery>({
    storage: dexieQueryStorage(currentUserKey),
    buster: buildId,
    maxAge: OFFLINE_DATA_MAX_AGE_MS,
    prefix: QUERY_STORAGE_PREFIX,
    // The refetch after a restore is started by `offlineAwarePersister` (src/app/query-client.ts),
    // which handles its cancellation; the persister's own would leave a rejection unhandled.
    refetchOnRestore: false,
    // Plain data only: IndexedDB's structured clone must never meet a function or class instance.
    // Copied and written once the answer is painted: it is shown first (for the
    // 2,000-position depot the copy and the write took ≈ 30 ms before its table was rendered).
    // The state is the one of the fetch (`query.state` is replaced, never changed, by an update).
    serialize: async (query) => {
      await afterPaint();
      return JSON.parse(JSON.stringify(query)) as PersistedQuery;
    },
    deserialize: (query) => query,
  });
}

/** The longest a write to the device waits for the next frame (a hidden page paints none). */
const PAINT_WAIT_MS = 250;

/** Writes waiting for the next frame: the page being left writes them at once. */
const waitingWrites = new Set<() => void>();

/**
 * Resolves after the next frame is painted, so that an answer's write follows its render. Not
 * later (an idle moment waited up to a second): a person who saw the invoices and left the page,
 * a reload or another address, within that second found them "Offline nicht verfügbar" — the
 * write never came. When the page is hidden or left (`pagehide`), every waiting write starts at
 * once, in that event's task, while the page still runs.
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const write = () => {
      if (!waitingWrites.delete(write)) return;
      clearTimeout(timer);
      resolve();
    };
    waitingWrites.add(write);
    const timer = setTimeout(write, PAINT_WAIT_MS);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(write, 0));
  });
}

function writeWaitingNow(): void {
  for (const write of [...waitingWrites]) write();
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('pagehide', writeWaitingNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') writeWaitingNow();
  });
}
