import { expect, type Page, test } from '@playwright/test';
import { wineSeeds } from '../../server/seed/data/wines';
import { SEARCH_DEBOUNCE_MS } from '../../src/domain/search';
import { demoAccounts, demoPassword, registerActivatedClient } from './support/accounts';
import { logIn, submitLoginForm } from './support/session';

function lwin11(wineKey: string, year: number): string {
  const wine = wineSeeds.find((seed) => seed.key === wineKey);
  if (!wine) throw new Error(`The seed has no wine ${wineKey}`);
  return `${wine.lwin}${year}`;
}

const SASSICAIA_2019 = lwin11('sassicaia', 2019);
/** Lafite 2010: an offer whose tranches are all sold. */
const LAFITE_2010 = lwin11('lafite', 2010);

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a client browses from the start page to the top offers and an offer', async ({ page }) => {
  // A long journey (start, filters, a reload, search, offer page, drawer, sold-out page): on a busy
  // machine it needs more than the default minute.
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.client, demoPassword);

  // Start page: greeting, featured offer, referral and châteaus
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen,/ })).toBeVisible();
  await expect(page.getByText('Limitierte Top-Opportunity')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jetzt sichern' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jetzt weiterempfehlen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top Châteaus' }).getByRole('link').first()).toBeVisible();

  // Top offers with a country filter that survives a reload
  await page
    .getByRole('link', { name: /Top Angebote/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/weinangebot/);
  await expect(page.getByRole('heading', { name: /Verfügbare Angebote/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Auf Anfrage/ })).toBeVisible();
  await pickOption(page, 'Land', 'Italien');
  await expect(page).toHaveURL(/land=\d+/);
  const available = page.getByRole('region', { name: 'Verfügbare Angebote' });
  await expect(available.getByRole('link', { name: 'Sassicaia 2019' })).toBeVisible();
  await expect(available.getByRole('link', { name: /Château Margaux/ })).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL(/land=\d+/);
  await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue('Italien');
  await expect(available.getByRole('link', { name: 'Sassicaia 2019' })).toBeVisible();
  await expect(available.getByRole('link', { name: /Château Margaux/ })).toHaveCount(0);

  // The debounced search goes into the URL (timing: "the search text and the URL" below)
  await page.getByRole('searchbox', { name: 'Suche' }).fill('sassicaia');
  await expect(page).toHaveURL(/suche=sassicaia/);
  await expect(available.getByTestId('offer-card')).toHaveCount(2);

  // Offer detail: drawer, amount picker and total
  await available.getByRole('link', { name: 'Sassicaia 2019' }).click();
  await expect(page).toHaveURL(`/admin/angebot/${SASSICAIA_2019}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sassicaia 2019' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investment-Highlights' })).toBeVisible();
  // 10 of the 14 cases of both tranches are left: more than half, so "verfügbar", with the counts
  await expect(page.getByText(/Verfügbarkeit:/)).toBeVisible();
  await expect(page.getByTestId('availability-label')).toHaveText('verfügbar');
  await expect(page.getByTestId('availability-count')).toHaveText('10 von 14 Kisten');
  await expect(page.getByTestId('offer-total')).toHaveText('1.674,00 €');
  await expect(page.getByText('MEISTGEKAUFT')).toBeVisible();
  await page.getByRole('radio', { name: '2 Kisten' }).click();
  await expect(page.getByTestId('offer-total')).toHaveText('3.348,00 €');
  await page.getByRole('button', { name: 'Weininformationen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Sassicaia 2019' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Rebsorten' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Schließen' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Auf Orderliste setzen' })).toBeEnabled();
  // The add dialog starts with the two cases picked on the page
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Auf Orderliste setzen' });
  await expect(addDialog.getByRole('textbox', { name: 'Anzahl Kisten' })).toHaveValue('2');
  await addDialog.getByRole('button', { name: 'Zurück' }).click();
  await expect(addDialog).toBeHidden();

  // A sold-out offer
  await page.goto(`/admin/angebot/${LAFITE_2010}`);
  await expect(page.getByRole('heading', { name: 'Angebot ausverkauft' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum aktuellen Angebot' })).toBeVisible();
  await expect(page.getByText('Château Lafite Rothschild 2010 ist bereits ausverkauft')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Auf Orderliste setzen' })).toBeDisabled();
  await page.getByRole('link', { name: 'Zum aktuellen Angebot' }).click();
  await expect(page).not.toHaveURL(`/admin/angebot/${LAFITE_2010}`);
  await expect(page.getByTestId('offer-total')).toBeVisible();
});

test('the search text and the URL: debounced, and a reset or the sidebar link clears it for good', async ({
  page,
}) => {
  await logIn(page, demoAccounts.client, demoPassword);
  // The page's timers run on Playwright's clock. It flows as usual, and stands still where the test
  // moves time on itself (TanStack Query delivers answers on a timer too, so it flows again after).
  await page.clock.install();
  await page.goto('/admin/weinangebot');
  const available = page.getByRole('region', { name: 'Verfügbare Angebote' });
  await expect(available.getByTestId('offer-card').first()).toBeVisible();
  // Stops the page's clock a moment ahead of its time. On a busy machine that moment may have
  // passed before the pause arrives (Playwright refuses to go back): then again from the new time.
  const standStill = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
      } catch (error) {
        if (attempt === 5 || !String(error).includes('to the past')) throw error;
      }
    }
  };
  const search = page.getByRole('searchbox', { name: 'Suche' });

  // Not in the URL before the debounce has passed, in it right after.
  await standStill();
  await search.fill('sassicaia');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS - 100);
  await expect(page).toHaveURL(/\/admin\/weinangebot$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/suche=sassicaia/);
  await page.clock.resume();
  await expect(available.getByTestId('offer-card')).toHaveCount(2);

  // Resetting clears the URL for good: the debounced text does not come back once its time has passed.
  await standStill();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/admin\/weinangebot$/);
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  await expect(page).toHaveURL(/\/admin\/weinangebot$/);
  await expect(search).toHaveValue('');
  await page.clock.resume();

  // The sidebar link to the plain page empties the search field as well, for good.
  await search.fill('sassicaia');
  await expect(page).toHaveURL(/suche=sassicaia/);
  await standStill();
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: /Top Angebote/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/weinangebot$/);
  await expect(search).toHaveValue('');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  await expect(page).toHaveURL(/\/admin\/weinangebot$/);
  await page.clock.resume();
  await search.fill('sassicaia');
  await expect(page).toHaveURL(/suche=sassicaia/);
  await expect(available.getByTestId('offer-card')).toHaveCount(2);
});

test('a failing start query keeps the client signed in and offers a retry', async ({ page }) => {
  // The database is down for the start page: the server's 503 answer "bitte erneut versuchen".
  const unavailable =
    'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.';
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('StartPage')
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            errors: [{ message: unavailable, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
          }),
        })
      : route.fallback(),
  );
  await logIn(page, demoAccounts.client, demoPassword);
  // After the query client's retries (about 7 s) the message shows; the session is kept.
  const alert = page.getByRole('alert').filter({ hasText: 'Die Startseite konnte nicht geladen werden.' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText(unavailable);
  await expect(page).toHaveURL('/admin/start');

  await page.unroute('**/graphql');
  await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen,/ })).toBeVisible();
  await expect(page.getByText('Limitierte Top-Opportunity')).toBeVisible();
});

test('the hot-deal carousel switches offers', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/angebot');
  const tiles = page.getByRole('tablist', { name: 'Aktuelle Angebote' }).getByRole('tab');
  await expect(tiles).toHaveCount(3);
  // more than 3 offers with stock: the second tile is selected first
  await expect(tiles.nth(1)).toHaveAttribute('aria-selected', 'true');
  const firstTitle = await page.getByRole('heading', { level: 1 }).textContent();
  await tiles.nth(0).click();
  await expect(tiles.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(firstTitle ?? '');
});

test('an en-primeur offer shows the subscription banner and its video', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto(`/admin/angebot/${lwin11('margaux', 2025)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Château Margaux 2025' })).toBeVisible();
  await expect(page.getByText('Subskription', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Video ansehen' }).click();
  const videoDialog = page.getByRole('dialog', { name: 'Château Margaux 2025' });
  const video = videoDialog.locator('video');
  await expect(video).toBeVisible();
  // The file comes through a signed, short-lived address and really loads (not 403).
  await expect(video).toHaveAttribute('src', /^\/media\/videos\/[\w-]+\.webm\?exp=\d+&sig=[\w-]+$/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
});

test('a visitor opens the public offer, chooses to log in and lands on the offer', async ({ page }) => {
  await page.goto(`/angebot/${SASSICAIA_2019}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sassicaia 2019' })).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt sichern' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Noch kein Account?' })).toBeVisible();
  await expect(
    modal.getByText('Registrieren Sie sich jetzt im Weindepot, um sich diesen Deal zu sichern.'),
  ).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Bereits Kunde?' })).toBeVisible();
  await expect(modal.getByText('Loggen Sie sich mit Ihrem vorhandenen Account ein.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Registrieren' })).toBeVisible();
  await modal.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL('/login');
  await submitLoginForm(page, demoAccounts.client, demoPassword);
  await expect(page).toHaveURL(`/admin/angebot/${SASSICAIA_2019}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sassicaia 2019' })).toBeVisible();
});

test('the register button of the public offer leads to the registration for this offer', async ({ page }) => {
  await page.goto(`/angebot/${SASSICAIA_2019}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sassicaia 2019' })).toBeVisible();
  // The page's own register buttons (header and call to action) register for this offer too
  const registerLinks = page.getByRole('link', { name: 'Registrieren', exact: true });
  await expect(registerLinks).toHaveCount(2);
  for (const link of await registerLinks.all()) {
    await expect(link).toHaveAttribute('href', `/register/${SASSICAIA_2019}`);
  }
  await page.getByRole('button', { name: 'Jetzt sichern' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(`/register/${SASSICAIA_2019}`);
});

test('the header login of a public page returns to the same page in the client area', async ({ page }) => {
  await page.goto('/vintage/1');
  await expect(page.getByRole('region', { name: 'Global Wine Score' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL('/login');
  await submitLoginForm(page, demoAccounts.client, demoPassword);
  await expect(page).toHaveURL('/admin/vintage/1');
  await expect(page.getByRole('region', { name: 'Global Wine Score' })).toBeVisible();
});

test("the public winery page lists the winery's videos; one opens after the login", async ({ page }) => {
  await page.goto(`/angebot/${SASSICAIA_2019}`);
  await page.getByRole('link', { name: 'Zum Weingut Tenuta San Guido' }).click();
  await expect(page).toHaveURL(/^[^?]*\/chateaus\/\d+$/);
  const videos = page.getByRole('region', { name: 'Weinwissen zum Weingut' });
  await expect(videos.getByText('Die Videos sehen Sie nach dem Einloggen im Kundenbereich.')).toBeVisible();
  await videos.getByRole('link', { name: 'Bolgheri und die Super-Toskaner' }).click();
  await expect(page).toHaveURL('/login');
  await submitLoginForm(page, demoAccounts.client, demoPassword);
  await expect(page).toHaveURL('/admin/academy/bolgheri-und-die-super-toskaner');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bolgheri und die Super-Toskaner' }),
  ).toBeVisible();
});

test('"Anfragen" on an offer on request opens the contact form with the wine and year', async ({
  page,
  request,
}) => {
  const client = await registerActivatedClient(request, 'on-request', { withBillingAddress: true });
  await logIn(page, client.email, client.password);
  const contact = page.getByRole('dialog', { name: 'Kontakt aufnehmen' });

  // On the offer page.
  await page.goto(`/admin/angebot/${lwin11('petrus', 2019)}`);
  await page.getByRole('button', { name: 'Anfragen' }).click();
  await expect(contact.getByLabel('Ihre Nachricht')).toHaveValue(
    'Ich interessiere mich für Pétrus 2019 (auf Anfrage). Bitte senden Sie mir ein Angebot.',
  );
  await page.keyboard.press('Escape');
  await expect(contact).toBeHidden();

  // On its card in the top offers, the same.
  await page.goto('/admin/weinangebot');
  const card = page.getByTestId('offer-card').filter({ hasText: 'Pétrus 2019' });
  await card.getByRole('button', { name: 'Anfragen' }).click();
  await expect(contact.getByLabel('Ihre Nachricht')).toHaveValue(/Pétrus 2019/);
  // The contact avatar still opens an empty form.
  await page.keyboard.press('Escape');
  await page.getByTestId('contact-avatar').click();
  await expect(contact.getByLabel('Ihre Nachricht')).toHaveValue('');
});
