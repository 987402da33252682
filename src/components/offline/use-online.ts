import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
/** A page rendered by the server was rendered online. */
const onlineOnServer = () => true;

/**
 * Whether the browser has a connection (`navigator.onLine`), re-rendering when it changes. Read
 * during the render, so the first render is already right offline; Mantine's `useNetwork` starts
 * with "online" and corrects itself after mounting, which rendered every screen using it twice
 * (the depot's content, ≈ 60 ms for 2,000 positions before its table showed).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onlineOnServer);
}
