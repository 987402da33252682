import {
  type AsyncStorage,
  experimental_createQueryPersister,
  type PersistedQuery,
} from '@tanstack/query-persist-client-core';
import type { Query } from '@tanstack/react-query';
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
  const persister = experimental_createQueryPersister<PersistedQuery>({
    storage: dexieQueryStorage(currentUserKey),
    buster: buildId,
    maxAge: OFFLINE_DATA_MAX_AGE_MS,
    prefix: QUERY_STORAGE_PREFIX,
    // The refetch after a restore is started by `offlineAwarePersister` (src/app/query-client.ts),
    // which handles its cancellation; the persister's own would leave a rejection unhandled.
    refetchOnRestore: false,
    // Plain data only: IndexedDB's structured clone must never meet a function or class instance.
    // Copied and written when the page is idle: a fetched answer is shown first (issue 19: for the
    // 2,000-position depot the copy and the write took ≈ 30 ms before its table was rendered).
    // The state is the one of the fetch (`query.state` is replaced, never changed, by an update).
    serialize: async (query) => {
      await pageIdle();
      return JSON.parse(JSON.stringify(query)) as PersistedQuery;
    },
    deserialize: (query) => query,
  });
  activePersister = persister;
  return persister;
}

/** The longest a write to the device waits for an idle moment of the page. */
const IDLE_WAIT_MS = 1000;

function pageIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}

let activePersister: ReturnType<typeof experimental_createQueryPersister<PersistedQuery>> | null = null;

/**
 * Writes a query of the cache to IndexedDB now (the background sync stores what it fetched, so
 * that a screen never opened online restores it offline). Without a persister (tests) nothing.
 */
export async function persistCachedQuery(query: Query): Promise<void> {
  await activePersister?.persistQuery(query);
}
