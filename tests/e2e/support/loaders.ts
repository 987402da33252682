import { expect, type Page } from '@playwright/test';

/**
 * Waits until none of the screen's own loaders spins. The sync indicator in the top bar is no
 * content: it spins while the device's copy of the client area is synchronised in the background
 * (for minutes on a busy machine). Up to 30 s: on a slow 2-core CI machine, beside a second worker,
 * a loader on /admin/all-wineries (the map) stayed longer than 10 s.
 */
export async function expectLoadersGone(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('.mantine-Loader-root')].filter(
              (loader) => loader.checkVisibility() && !loader.closest('[data-testid="sync-status"]'),
            ).length,
        ),
      { message: 'the screen has finished loading', timeout: 30_000 },
    )
    .toBe(0);
}
