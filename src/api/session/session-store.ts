import type { SessionUserFragment } from '../graphql.generated';

export type SessionUser = SessionUserFragment;

/**
 * The key of a user's data on this device (persisted reads, the outbox, the sync state): the
 * user's id, which stays when the e-mail address changes. Sessions stored before the id was part
 * of the user fall back to the address.
 */
export function deviceUserKey(user: Pick<SessionUser, 'id' | 'email'>): string {
  return typeof user.id === 'number' ? `user:${user.id}` : user.email;
}

export interface Session {
  user: SessionUser;
  token: string;
}

/** Storage keys of the original product, so that an existing login survives the switch. */
export const USER_STORAGE_KEY = 'user';
export const TOKENS_STORAGE_KEY = 'tokens';

export interface SessionStore {
  getSession(): Session | null;
  getToken(): string | null;
  subscribe(listener: () => void): () => void;
  signIn(session: Session): void;
  updateUser(user: SessionUser): void;
  clear(): void;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A stored user; `isStaff` may be missing in sessions saved before it was part of the user. */
function isStoredUser(value: unknown): value is Omit<SessionUser, 'isStaff'> & { isStaff?: boolean } {
  return (
    isRecord(value) &&
    typeof value.email === 'string' &&
    typeof value.firstName === 'string' &&
    typeof value.lastName === 'string' &&
    typeof value.isSuperuser === 'boolean' &&
    (value.isStaff === undefined || typeof value.isStaff === 'boolean')
  );
}

/** The session kept in `storage`, or null (none, or not readable). */
export function readSession(storage: Pick<Storage, 'getItem'>): Session | null {
  const user = parseJson(storage.getItem(USER_STORAGE_KEY));
  const tokens = parseJson(storage.getItem(TOKENS_STORAGE_KEY));
  if (!isStoredUser(user) || !isRecord(tokens) || typeof tokens.token !== 'string' || !tokens.token) {
    return null;
  }
  // Missing isStaff: not staff until `me` answers (the session seeds it, `me` replaces it).
  return { user: { ...user, isStaff: user.isStaff ?? false }, token: tokens.token };
}

/**
 * The session kept in local storage (keys `user` and `tokens`). `window` lets a login or logout in
 * another tab reach this one through the `storage` event.
 */
export function createSessionStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  window?: Window,
): SessionStore {
  let snapshot = readSession(storage);
  const listeners = new Set<() => void>();
  const publish = () => {
    snapshot = readSession(storage);
    for (const listener of listeners) listener();
  };
  window?.addEventListener('storage', (event) => {
    if (event.key === null || event.key === USER_STORAGE_KEY || event.key === TOKENS_STORAGE_KEY) publish();
  });

  return {
    getSession: () => snapshot,
    getToken: () => snapshot?.token ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(session) {
      storage.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
      storage.setItem(TOKENS_STORAGE_KEY, JSON.stringify({ token: session.token }));
      publish();
    },
    updateUser(user) {
      if (!snapshot) return;
      storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      publish();
    },
    clear() {
      storage.removeItem(USER_STORAGE_KEY);
      storage.removeItem(TOKENS_STORAGE_KEY);
      publish();
    },
  };
}
