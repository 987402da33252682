import type { BrowserContext } from '@playwright/test';

/** Offline for the page AND its service worker (setOffline alone does not cover the worker's requests). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*');
  await context.setOffline(false);
}
