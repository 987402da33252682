import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React takes over the server's HTML (`hydrateRoot`), true from the
 * render right after and in every render of the client alone. A server-rendered screen marks its
 * controls as not yet usable with it: a click or keystroke before the JavaScript has taken over
 * would go nowhere (or, in a form, be lost).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
