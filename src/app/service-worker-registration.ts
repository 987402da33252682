import type { Workbox } from 'workbox-window';

/**
 * Registers the service worker of the production build. When a new version is waiting,
 * `onUpdateReady` gets a function that activates it and reloads; the app calls it only when the
 * user asks (never while a dialog or form is open).
 */
export async function registerServiceWorker(
  onUpdateReady: (applyUpdate: () => void) => void,
): Promise<Workbox | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  // Loaded after start-up: registering the worker is not needed to show the first page.
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/service-worker.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onUpdateReady(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch((error: unknown) => {
    console.error('Service-Worker konnte nicht registriert werden', error);
  });
  return workbox;
}
