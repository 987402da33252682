import type { BrowserContext, Page } from '@playwright/test';

/**
 * Times the depot table in the page itself: an observer installed before the app's code notes
 * `performance.now()` (from the navigation's start) when the first table row is in the document, so
 * a figure holds what a user waits and not Playwright's round trips or the `load` event.
 */
export async function timeDepotRows(context: BrowserContext): Promise<void> {
  await context.addInitScript(`
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="depot-table-row"]')) {
        window.__depotRowAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  `);
}

/** Milliseconds from the current page's navigation start to its first depot table row. */
export function depotRowAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __depotRowAt: number }).__depotRowAt);
}
