import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's install offer for the in-app "Installieren" entry; call once at start-up,
 * before the browser fires the event.
 */
export function captureInstallPrompt(target: Window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    publish();
  });
  target.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    publish();
  });
}

/** Whether the browser offers installation now, and the action that asks the user. */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<void> } {
  const canInstall = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferredPrompt !== null,
  );
  return {
    canInstall,
    async install() {
      const prompt = deferredPrompt;
      if (!prompt) return;
      await prompt.prompt();
      await prompt.userChoice;
      deferredPrompt = null;
      publish();
    },
  };
}
