/**
 * The device's local storage, or a storage in memory where the browser refuses it: a page framed by
 * another site (`/embed/*` on a partner's page) gets "Access is denied" from `window.localStorage`
 * when third-party storage is blocked, and a private window may refuse it too. The app then works
 * for this page's life without keeping anything, instead of failing before its first render.
 */
let fallback: Storage | undefined;

export function deviceStorage(target: Pick<Window, 'localStorage'>): Storage {
  try {
    const storage = target.localStorage;
    // Reading the property can succeed while using it throws (a quota of zero, a revoked grant).
    storage.getItem('weindepot:probe');
    return storage;
  } catch {
    // One for the page, so what one screen writes another reads.
    fallback ??= memoryStorage();
    return fallback;
  }
}

export function memoryStorage(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => {
      entries.delete(key);
    },
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
  };
}
