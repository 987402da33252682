import { loadDatabase } from './load-database';

/** Removes persisted query data: of one user, or of everybody (on logout, for a shared device). */
export async function clearPersistedQueryCache(userKey?: string): Promise<void> {
  const database = await loadDatabase();
  if (userKey === undefined) {
    await database.queryCache.clear();
    return;
  }
  await database.queryCache.where('userKey').equals(userKey).delete();
}

/**
 * Removes the persisted rows (of every user) whose query key starts with `prefix`. An
 * invalidation reaches only queries in memory; after a reload a query is restored from here as
 * fresh, so data known to be outdated (the depot after a payment) must go here as well.
 */
export async function forgetPersistedQueries(prefix: readonly unknown[]): Promise<void> {
  const database = await loadDatabase();
  await database.queryCache
    .filter((row) => prefix.every((part, index) => row.queryKey[index] === part))
    .delete();
}
