import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

function sidebarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name });
}

test('a superuser sees the Management section in the sidebar', async ({ page }) => {
  await logIn(page, demoAccounts.superuser, demoPassword);

  await expect(sidebarLink(page, 'Management')).toBeVisible();
});

test('a client sees the client area without the Management section', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);

  await expect(sidebarLink(page, 'Mein Weindepot')).toBeVisible();
  await expect(sidebarLink(page, 'Management')).toHaveCount(0);
});

test('an unknown page of the client area leads to the start page', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);

  await page.goto('/admin/xyz');
  await expect(page).toHaveURL('/admin/start');
});

test('on a narrow screen the sidebar opens from the burger button', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await logIn(page, demoAccounts.client, demoPassword);

  // The collapsed sidebar is moved off-screen, so "in the viewport" is what tells it apart.
  await expect(sidebarLink(page, 'Mein Weindepot')).not.toBeInViewport();
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(sidebarLink(page, 'Mein Weindepot')).toBeInViewport();

  await sidebarLink(page, 'Mein Weindepot').click();
  await expect(page).toHaveURL('/admin/depot');
  await expect(sidebarLink(page, 'Mein Weindepot')).not.toBeInViewport();
});

test('the app’s scripts, styles and page arrive compressed', async ({ page }) => {
  const encodings = new Map<string, string | null>();
  // Read at once from the response event (`headers()`, not the awaited `headerValue`): a read still
  // pending when the test ends failed the worker ("Target page … has been closed", 2026-11-29).
  page.on('response', (response) => {
    const url = new URL(response.url());
    // The service worker is written after the build's compression step (its precache list is
    // injected last), so it alone goes out plain; every asset of the page is compressed.
    if (/^\/assets\/.*\.(js|css)$/.test(url.pathname) || url.pathname === '/login') {
      encodings.set(url.pathname, response.headers()['content-encoding'] ?? null);
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Einloggen' })).toBeVisible();
  const scripts = [...encodings.keys()].filter((pathname) => /\.js$/.test(pathname));
  expect(scripts.length).toBeGreaterThan(0);
  // Chromium from version 123 asks for zstd first, and the server on Node 24 gives it.
  expect(encodings.get('/login')).toMatch(/^(zstd|br|gzip)$/);
  for (const [pathname, encoding] of encodings) expect(encoding, pathname).toMatch(/^(zstd|br|gzip)$/);
});
