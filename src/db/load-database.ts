import type { WeindepotDatabase } from './database';

let loaded: WeindepotDatabase | null = null;

/**
 * The device database, opened on first use: Dexie is fetched with the first read or write of
 * offline data (once a session exists), not with the app shell, so the login page stays small.
 * Once loaded it is handed over without another `import()`: a write started as the page is left
 * (`pagehide`) reaches IndexedDB in that event's task.
 */
export function loadDatabase(): Promise<WeindepotDatabase> {
  if (loaded) return Promise.resolve(loaded);
  return import('./database').then((module) => {
    loaded = module.database;
    return loaded;
  });
}
