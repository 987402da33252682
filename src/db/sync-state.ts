/**
 * Where the device's copy of the client area stands: syncing now, synchronised at a time, or
 * failed (with the German reason). The time of the last complete sync is kept per user in local
 * storage, so the top bar and the offline screens can name it after a reload while offline.
 */
export type SyncPhase = 'idle' | 'syncing' | 'synced' | 'failed';

export interface SyncState {
  phase: SyncPhase;
  /** End of the last complete sync of this user on this device (ms), null if never. */
  syncedAt: number | null;
  /** German reason of the last failure (phase 'failed'). */
  error: string | null;
}

/** Every local-storage key of the sync starts with it (`forgetAll` removes them on logout). */
export const SYNC_STORAGE_PREFIX = 'weindepot-sync:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** End of the last complete sync of `userKey` on this device (ms), null if never. */
export function readSyncedAt(userKey: string | null): number | null {
  if (!userKey) return null;
  const value = Number(storage()?.getItem(SYNC_STORAGE_PREFIX + userKey));
  return Number.isFinite(value) && value > 0 ? value : null;
}

let userKey: string | null = null;
let state: SyncState = { phase: 'idle', syncedAt: null, error: null };
const listeners = new Set<() => void>();

function publish(next: SyncState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const syncState = {
  get: (): SyncState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Switches to the signed-in user (or none): their last sync time, nothing running. */
  switchUser(nextUserKey: string | null): void {
    if (nextUserKey === userKey) return;
    userKey = nextUserKey;
    publish({ phase: 'idle', syncedAt: readSyncedAt(nextUserKey), error: null });
  },
  started(): void {
    publish({ ...state, phase: 'syncing', error: null });
  },
  succeeded(at: number): void {
    if (userKey) storage()?.setItem(SYNC_STORAGE_PREFIX + userKey, String(at));
    publish({ phase: 'synced', syncedAt: at, error: null });
  },
  failed(error: string): void {
    publish({ ...state, phase: 'failed', error });
  },
  /** Forgets every user's sync time (logout: nothing of the previous user stays). */
  forgetAll(): void {
    const store = storage();
    if (store) {
      for (const key of Object.keys(store)) if (key.startsWith(SYNC_STORAGE_PREFIX)) store.removeItem(key);
    }
    userKey = null;
    publish({ phase: 'idle', syncedAt: null, error: null });
  },
};
