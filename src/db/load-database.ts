import type { WeindepotDatabase } from './database';

/**
 * The device database, opened on first use: Dexie is fetched with the first read or write of
 * offline data (once a session exists), not with the app shell, so the login page stays small.
 */
export function loadDatabase(): Promise<WeindepotDatabase> {
  return import('./database').then((module) => module.database);
}
