import { expect, type Page, type Route, test } from '@playwright/test';
import { goOffline, goOnline } from './support/network';
import { logIn } from './support/session';

const KUNDE = 'kunde@example.com';
const PASSWORD = 'Weindepot2026!';
const IMAGE_CACHE = 'media-images';

/** Room the device has left once the data of the first sync is stored: less than its images need. */
const ROOM_LEFT = 100_000;

const storageUsage = (page: Page) =>
  page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

const imagesOnDevice = (page: Page) =>
  page.evaluate(
    async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0),
    IMAGE_CACHE,
  );

test('a nearly full device keeps the data of the first sync and drops the images first, and says so', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The sync's images (fetched after the data, through the service worker) wait until the device is full.
  let deviceFull = false;
  const heldImages: Route[] = [];
  await context.route(/\/media\/[^?]+\.(svg|jpe?g|png|webp|gif|avif)(\?.*)?$/i, async (route) => {
    if (deviceFull) await route.fallback();
    else heldImages.push(route);
  });

  await logIn(page, KUNDE, PASSWORD);
  // The sync keeps images only through the service worker.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('aria-label', /Synchronisiert um \d\d:\d\d/, {
    timeout: 120_000,
  });
  const session = await context.newCDPSession(page);
  await session.send('Storage.overrideQuotaForOrigin', {
    origin: new URL(baseURL ?? page.url()).origin,
    quotaSize: (await storageUsage(page)) + ROOM_LEFT,
  });
  deviceFull = true;
  for (const route of heldImages.splice(0)) await route.fallback().catch(() => undefined);

  await expect(page.getByRole('alert').filter({ hasText: 'Speicher voll' })).toContainText(
    'Der Speicher des Geräts ist voll: Bilder werden offline nicht angezeigt, die Daten bleiben verfügbar.',
    { timeout: 120_000 },
  );
  // The images went, the data stayed.
  await expect.poll(() => imagesOnDevice(page)).toBe(0);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('aria-label', /Synchronisiert um \d\d:\d\d/);

  await goOffline(context);
  await page.goto('/admin/depot');
  await expect(page.getByTestId('depot-position-card').first()).toBeVisible();
  await expect(page.getByTestId('offline-unavailable')).toHaveCount(0);
  await page.goto('/admin/orderlist');
  await expect(page.getByRole('heading', { name: 'Mein Orderbuch' })).toBeVisible();
  await expect(page.getByTestId('offline-unavailable')).toHaveCount(0);
  await goOnline(context);
});
