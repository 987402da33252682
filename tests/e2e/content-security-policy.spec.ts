import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';
import { revealWineryMarker, WEBGL_MAP_BROWSER } from './support/map';
import { logIn } from './support/session';

test.use(WEBGL_MAP_BROWSER);

/** Records every CSP violation of the page, its workers and the console ("Refused to …"). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const fromConsole = (text: string) => {
    if (/Content Security Policy|Refused to/i.test(text)) violations.push(text);
  };
  page.on('console', (message) => fromConsole(message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => fromConsole(message.text())));
  return violations;
}

/**
 * Every app start syncs the client's data (images, PDFs, code chunks) in the background, so the
 * network is rarely idle for long; the sync's own status says when all of it has been fetched
 * (and so every request the policy could refuse has been made).
 */
async function expectSynchronised(page: Page) {
  await expect(page.getByRole('button', { name: /^Synchronisierung: Synchronisiert um/ })).toBeVisible({
    timeout: 120_000,
  });
}

test('the app, its maps, charts, videos and the back office work under the Content-Security-Policy', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');

  await logIn(page, demoAccounts.client, demoPassword);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();

  // The depot with its chart (recharts) and positions.
  await page.goto('/admin/depot');
  await expect(page.getByRole('heading', { level: 1, name: 'Weindepot' })).toBeVisible({ timeout: 20_000 });
  await expectSynchronised(page);

  // The map: MapLibre's module worker, the shipped country shapes and the winery markers.
  await page.goto('/admin/all-wineries');
  // The first view fits all wineries in clusters; opening them shows a winery's marker with its logo.
  await expect(await revealWineryMarker(page)).toBeVisible();
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();

  // A chart (recharts: SVG with inline styles) and a video from /media.
  await page.goto('/index-chart');
  await expect(page.locator('.recharts-line')).toBeVisible();
  await page.goto('/admin/academy/was-macht-einen-grossen-bordeaux-aus');
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  await video.evaluate((element: HTMLVideoElement) => {
    element.preload = 'metadata';
    element.load();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);

  await page.goto('/admin/orderlist');
  await expectSynchronised(page);
  expect(violations).toEqual([]);

  // The policy is active: a script injected into the page does not run and is reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toMatch(/script-src/);
});

test('the back office works under the Content-Security-Policy', async ({ page }) => {
  // The background sync of a signed-in start may take two minutes on a busy 2-core machine.
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#orders');
  await expect(page.getByRole('tab').first()).toBeVisible({ timeout: 20_000 });
  // Not "network idle": the background sync keeps the network busy past the test's limit. Its own
  // status says when every request it makes (and the policy could refuse) has been made.
  await expectSynchronised(page);
  expect(violations).toEqual([]);
});
