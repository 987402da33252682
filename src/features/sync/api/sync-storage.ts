/**
 * What the delta sync keeps on the device besides the queries (docs/sync.md): its progress (cursor,
 * build, time of the last full sync, which source stored which query) in local storage under the
 * sync state's prefix, so the logout's `syncState.forgetAll()` removes it with the rest; and the
 * operations on the stored queries it needs (which exist, forget some, confirm some as current).
 */
import type { Query } from '@tanstack/react-query';
import { loadDatabase } from '../../../db/load-database';
import { queryStorageKey } from '../../../db/query-persister';
import { SYNC_STORAGE_PREFIX } from '../../../db/sync-state';
import type { SyncProgress } from '../model/sync-plan';

const progressKey = (userKey: string) => `${SYNC_STORAGE_PREFIX}progress:${userKey}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The user's sync progress on this device, or null (never synced, or unreadable). */
export function readSyncProgress(userKey: string): SyncProgress | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(progressKey(userKey)) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { cursor, buildId, fullAt, manifests } = parsed as Record<string, unknown>;
    if (typeof cursor !== 'string' || typeof buildId !== 'string' || typeof fullAt !== 'number') return null;
    if (!manifests || typeof manifests !== 'object' || !Object.values(manifests).every(isStringList)) {
      return null;
    }
    return { cursor, buildId, fullAt, manifests: manifests as Record<string, string[]> };
  } catch {
    return null;
  }
}

export function writeSyncProgress(userKey: string, progress: SyncProgress): void {
  storage()?.setItem(progressKey(userKey), JSON.stringify(progress));
}

/** The query hashes of the user stored on the device (any build; the caller checks the build). */
export async function storedQueryHashes(userKey: string): Promise<Set<string>> {
  const database = await loadDatabase();
  const keys = await database.queryCache.where('userKey').equals(userKey).primaryKeys();
  const prefix = queryStorageKey('');
  return new Set(
    keys.flatMap(([, storageKey]) =>
      storageKey.startsWith(prefix) ? [storageKey.slice(prefix.length)] : [],
    ),
  );
}

/** Removes stored queries of the user (what the server no longer has for them). */
export async function forgetStoredQueries(userKey: string, queryHashes: readonly string[]): Promise<void> {
  if (queryHashes.length === 0) return;
  const database = await loadDatabase();
  await database.queryCache.bulkDelete(queryHashes.map((hash) => [userKey, queryStorageKey(hash)]));
}

/**
 * Marks stored queries as current at `at` (the delta found nothing changed in what they show): the
 * offline screens name that date, and the rows do not age out of the device (7 days).
 */
export async function confirmStoredQueries(
  userKey: string,
  queryHashes: readonly string[],
  at: number,
): Promise<void> {
  if (queryHashes.length === 0) return;
  const database = await loadDatabase();
  await database.queryCache
    .where('[userKey+queryHash]')
    .anyOf(queryHashes.map((hash) => [userKey, queryStorageKey(hash)]))
    .modify((row) => {
      if ((row.state.dataUpdatedAt ?? 0) < at) row.state = { ...row.state, dataUpdatedAt: at };
      row.updatedAt = Math.max(row.updatedAt, at);
    });
}

/**
 * Stores a query the sync fetched, as the persister's row (`createQueryPersister`: key, state,
 * build), so that a screen never opened online restores it offline. At once: nothing of it is
 * painted, so it does not wait for a frame as a screen's answer does, and a hidden page syncs at
 * full speed.
 */
export async function storeQuery(userKey: string, buildId: string, query: Query): Promise<void> {
  const database = await loadDatabase();
  const { state, queryKey } = JSON.parse(JSON.stringify({ state: query.state, queryKey: query.queryKey }));
  await database.queryCache.put({
    userKey,
    queryHash: queryStorageKey(query.queryHash),
    queryKey,
    state,
    buster: buildId,
    updatedAt: Date.now(),
  });
}
