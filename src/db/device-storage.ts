/**
 * The device's local storage, or a storage in memory where the browser refuses it: a page framed by
 * another site (`/embed/*` on a partner's page) gets "Access is denied" from `window.localStorage`
 * when third-party storage is blocked, and a private window may refuse it too. The app then works
 * for this page's life without keeping anything, instead of failing before its first render.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let fallback: KeyValueStorage | undefined;

export function deviceStorage(target: Pick<Window, 'localStorage'>): KeyValueStorage {
  try {
    return target.localStorage;
  } catch {
    // One for the page, so what one screen writes another reads.
    fallback ??= memoryStorage();
    return fallback;
  }
}

export function memoryStorage(): KeyValueStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, value),
  };
}
