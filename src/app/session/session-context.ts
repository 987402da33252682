import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Session, SessionStore } from './session-store';

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
