import { createContext, useContext, useSyncExternalStore } from 'react';
import { deviceUserKey, type Session, type SessionStore } from './session-store';

export const SessionStoreContext = createContext<SessionStore | null>(null);

export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore outside of SessionStoreContext');
  return store;
}

/** The current session, or null for a visitor; re-renders on login and logout (also in other tabs). */
export function useSession(): Session | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSession, store.getSession);
}

/** The signed-in user's key of the device's data (see `deviceUserKey`), or null for a visitor. */
export function useUserKey(): string | null {
  const session = useSession();
  return session ? deviceUserKey(session.user) : null;
}
