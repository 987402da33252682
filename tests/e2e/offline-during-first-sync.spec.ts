import { expect, type Page, type Route, test } from '@playwright/test';
import { goOffline, goOnline } from './support/network';
import { logIn } from './support/session';

const KUNDE = 'kunde@example.com';
const PASSWORD = 'Weindepot2026!';

const operationOf = (route: Route) =>
  (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('Top Angebote opened online while the first sync runs stay visible when the connection drops; what was never loaded says so', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logIn(page, KUNDE, PASSWORD);
  // The screen asks for the offers first (the sync starts 2 s after the app, and reaches the offers
  // after the account and the depot); the sync's fetch of the same list is then held on the way,
  // and the connection drops while it is.
  let screenAsked = false;
  const heldSync: Route[] = [];
  let syncReachedOffers: () => void = () => undefined;
  const syncAtOffers = new Promise<void>((resolve) => {
    syncReachedOffers = resolve;
  });
  await context.route('**/graphql', async (route) => {
    if (operationOf(route) === 'SearchOffers') {
      if (screenAsked) {
        heldSync.push(route);
        syncReachedOffers();
        return;
      }
      screenAsked = true;
    }
    await route.fallback();
  });
  await page.goto('/admin/weinangebot');
  const offerCards = page.getByTestId('offer-card');
  await expect(offerCards.first()).toBeVisible({ timeout: 30_000 });
  const shownTitles = await offerCards.allTextContents();
  await syncAtOffers;
  await expect(page.getByTestId('sync-status')).toHaveAttribute('aria-label', /Wird synchronisiert/);
  // Offline the offer page's code comes from the service worker's precache.
  await waitForServiceWorkerControl(page);

  await goOffline(context);
  for (const route of heldSync.splice(0)) await route.abort('internetdisconnected').catch(() => undefined);

  // The sync failed, the offers shown a moment ago stay, with the date of their data.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('aria-label', /Offline seit/);
  await expect(page.getByTestId('offline-banner')).toContainText(
    /Offline – Stand: \d\d\.\d\d\.\d{4}, \d\d:\d\d/,
  );
  await expect(offerCards).toHaveText(shownTitles);
  await expect(page.getByTestId('offline-unavailable')).toHaveCount(0);

  // An offer page was never loaded and the sync did not get to it: that, and only that, says so.
  await offerCards.first().getByRole('link').first().click();
  await expect(page.getByTestId('offline-unavailable')).toHaveText(
    'Offline nicht verfügbar – noch nicht synchronisiert',
  );
  await page.goBack();
  await expect(offerCards).toHaveText(shownTitles);
  await expect(page.getByTestId('offline-unavailable')).toHaveCount(0);
  await goOnline(context);
});
