import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { wineSeeds } from '../../server/seed/data/wines';
import { staffDepotPath } from '../../src/routes/depot-routes';
import { apiToken, demoAccounts, demoPassword, registerActivatedClient } from './support/accounts';
import { seriousAxeFindings } from './support/axe';
import { expectLoadersGone } from './support/loaders';
import { logIn } from './support/session';

// Nine independent audits of several minutes each (every one signs in for itself): in one worker
// this file took 7.8 min in CI, the longest of the run; spread over both workers it no longer sets the end.
test.describe.configure({ mode: 'parallel' });

function lwin11(wineKey: string, year: number): string {
  const wine = wineSeeds.find((seed) => seed.key === wineKey);
  if (!wine) throw new Error(`The seed has no wine ${wineKey}`);
  return `${wine.lwin}${year}`;
}

/** axe-core on the page as it is now; fails (softly, so every screen is reported) on serious or critical findings. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Transitions (modals, notifications) must have ended, or axe sees half-transparent colours.
  await page.waitForTimeout(400);
  const findings = await seriousAxeFindings(page);
  expect.soft(findings, `axe-core findings on ${screen}`).toEqual([]);
}

/**
 * Opens a dialog with the keyboard (Enter on its opener), checks that the focus moved into it and
 * that axe finds nothing serious in it, closes it with Escape and checks that the focus is back.
 */
async function expectDialogByKeyboard(page: Page, opener: Locator, dialog: Locator, screen: string) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
    .toBe(true);
  await expectAccessible(page, screen);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Opens `path` and waits until its main heading is there and the screen has loaded. */
async function visit(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path);
  if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The network goes quiet, unless the first background sync still warms the device's caches
  // (a client's PDFs and images, for minutes on a busy machine): then the screen's own loaders decide.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expectLoadersGone(page);
}

async function firstWineryId(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/graphql', { data: { query: '{ allWineries { id } }' } });
  const wineries = ((await answer.json()) as { data: { allWineries: { id: number }[] } }).data.allWineries;
  const first = wineries[0];
  if (!first) throw new Error('The seed has no winery');
  return first.id;
}

test('the entry screens and public pages have no serious accessibility findings', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const wineryId = await firstWineryId(request);
  const client = await registerActivatedClient(request, 'a11y-proposal');
  const token = await apiToken(request, client.email, client.password);
  const profile = await request.post('/graphql', {
    headers: { Authorization: `JWT ${token}` },
    data: { query: '{ getLatestPreferencesProfile(source: WIZARD) { uid } }' },
  });
  const uid = ((await profile.json()) as { data: { getLatestPreferencesProfile: { uid: string } } }).data
    .getLatestPreferencesProfile.uid;

  await visit(page, '/login', 'Login');
  await expectAccessible(page, '/login');
  await visit(page, '/register', /Registrier/);
  await expectAccessible(page, '/register');
  await visit(page, `/register/${lwin11('lafite', 2010)}`, /Registrier/);
  await expectAccessible(page, '/register/:lwin11');
  // The two other entry modes: a reset form (any token: it is checked on submit) and a failed activation.
  await visit(page, '/set-password/ein-beliebiger-token', 'Neues Passwort festlegen');
  await expectAccessible(page, '/set-password/:token');
  await visit(page, '/activate/00000000-0000-0000-0000-000000000000', 'Kontoaktivierung');
  await expectAccessible(page, '/activate/:uid (failed)');
  await visit(page, '/index-chart');
  await expectAccessible(page, '/index-chart');
  await visit(page, `/angebot/${lwin11('sassicaia', 2019)}`);
  await expectAccessible(page, '/angebot/:id');
  // The visitor's buy button opens "Noch kein Account?" / "Bereits Kunde?".
  await expectDialogByKeyboard(
    page,
    page.getByRole('button', { name: 'Jetzt sichern' }),
    page.getByRole('dialog'),
    '/angebot/:id (Registrieren oder Einloggen)',
  );
  await visit(page, '/vintage/1');
  await expectAccessible(page, '/vintage/:id');
  await visit(page, `/chateaus/${wineryId}`);
  await expectAccessible(page, '/chateaus/:id');

  await visit(page, `/portfolio/${uid}`);
  const consent = page.getByRole('dialog', { name: 'Ihre Zustimmung ist gefordert' });
  await expect(consent).toBeVisible();
  await expectAccessible(page, '/portfolio/:uid (consent dialog)');
  await consent.getByRole('checkbox').nth(0).check();
  await consent.getByRole('checkbox').nth(1).check();
  await consent.getByRole('button', { name: 'Zustimmen und fortfahren' }).click();
  await expect(page.getByTestId('proposal-pie')).toBeVisible();
  await expectAccessible(page, '/portfolio/:uid');
  await visit(page, `/present/${uid}`);
  await expect(page.getByTestId('proposal-pie')).toBeVisible();
  await expectAccessible(page, '/present/:uid');
  await visit(page, `/quote/${uid}`);
  await expect(page.getByTestId('proposal-positions')).toBeVisible();
  await expectAccessible(page, '/quote/:uid');
  await visit(page, `/embed/${uid}`);
  await expect(page.getByTestId('proposal-pie')).toBeVisible();
  await expectAccessible(page, '/embed/:uid');
});

/** Signs the demo client in and checks the start page once the app shell stands. */
async function signedInClient(page: Page) {
  await logIn(page, demoAccounts.client, demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen/ })).toBeVisible();
}

async function checkScreens(page: Page, screens: Array<[string, string | RegExp | undefined]>) {
  for (const [path, heading] of screens) {
    await visit(page, path, heading);
    await expectAccessible(page, path);
  }
}

// The client screens in three journeys (axe takes up to half a minute on a large page under load).
test('the client screens of offers, orders and invoices have no serious accessibility findings', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInClient(page);
  await expectAccessible(page, '/admin/start');
  await checkScreens(page, [
    ['/admin/weinangebot', undefined],
    [`/admin/angebot/${lwin11('lafite', 2010)}`, undefined],
    ['/admin/orderlist', undefined],
    ['/admin/invoices', undefined],
    ['/admin/selection', undefined],
    // The hot-deal carousel (offer page without lwin11) and the composed portfolio.
    ['/admin/angebot', undefined],
    ['/admin/selection/wt', undefined],
  ]);
});

test('the client screens of academy, wineries and blog have no serious accessibility findings', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const wineryId = await firstWineryId(request);
  await signedInClient(page);
  await checkScreens(page, [
    ['/admin/academy-overview', undefined],
    // A published video (the player, chips and suggestions), not a premiere.
    ['/admin/academy/champagner-als-investment', undefined],
    ['/admin/all-wineries', undefined],
    [`/admin/chateaus/${wineryId}`, undefined],
    ['/admin/vintage/1', undefined],
    ['/admin/blog/liv-ex-und-global-wine-score-kurz-erklaert', undefined],
    ['/admin/portfolio-entwicklung', undefined],
  ]);
});

test('the depot (cards, table and a dialog over it) has no serious accessibility findings', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInClient(page);
  await checkScreens(page, [['/admin/depot', 'Weindepot']]);
  await page.getByText('Tabelle', { exact: true }).click();
  await expect(page.getByTestId('depot-table-row').first()).toBeVisible();
  await expectAccessible(page, '/admin/depot (Tabelle)');
  await page.getByRole('button', { name: 'Zeitverlauf' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, '/admin/depot (Zeitverlauf)');
});

test('dialogs open with the keyboard, close with Escape and give the focus back', async ({ page }) => {
  // A sign-in, the depot and four dialogs: past the default minute on a slow 2-core CI machine.
  test.setTimeout(180_000);
  // The login's "Passwort vergessen" dialog.
  await visit(page, '/login', 'Login');
  const forgot = page.getByRole('button', { name: 'Passwort vergessen' });
  await forgot.focus();
  await page.keyboard.press('Enter');
  const resetDialog = page.getByRole('dialog');
  await expect(resetDialog).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
    .toBe(true);
  await expectAccessible(page, '/login (Passwort vergessen)');
  await page.keyboard.press('Escape');
  await expect(resetDialog).toBeHidden();
  await expect(forgot).toBeFocused();

  // The depot's time series dialog.
  await logIn(page, demoAccounts.client, demoPassword);
  await visit(page, '/admin/depot', 'Weindepot');
  const timeSeries = page.getByRole('button', { name: 'Zeitverlauf' });
  await timeSeries.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Portfolio-Zeitreihe (kumuliert)' });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(timeSeries).toBeFocused();

  // The dialogs of the admin frame: contact (sidebar avatar) and account settings (top bar).
  for (const [opener, title] of [
    [page.getByTestId('contact-avatar'), 'Kontakt aufnehmen'],
    [page.getByRole('button', { name: 'Accounteinstellungen' }), 'Accounteinstellungen'],
  ] as const) {
    await opener.focus();
    await page.keyboard.press('Enter');
    const frameDialog = page.getByRole('dialog', { name: title });
    await expect(frameDialog).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(frameDialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

// The client area's dialogs in three journeys (each a sign-in and a few axe runs): as one test of
// seven dialogs it took 45 s on a quiet machine and more than its three minutes on a loaded CI
// machine, where one axe run over a dialog took up to 30 s beside the first background sync.
test('the dialogs of the start and offer pages are accessible and keyboard-operable', async ({ page }) => {
  test.setTimeout(180_000);
  // No wait for a quiet network: the first background sync warms the demo client's PDFs and images,
  // for minutes on a busy machine; the opener being there is what the dialog needs.
  await logIn(page, demoAccounts.client, demoPassword);

  await expectDialogByKeyboard(
    page,
    page.getByRole('button', { name: 'Jetzt weiterempfehlen' }),
    page.getByRole('dialog'),
    '/admin/start (Weiterempfehlung)',
  );

  // An offer with cases to buy (Lafite 2010 is the demo's sold-out offer).
  await visit(page, `/admin/angebot/${lwin11('sassicaia', 2019)}`);
  await expectDialogByKeyboard(
    page,
    page.getByRole('button', { name: 'Weininformationen' }),
    page.getByRole('dialog'),
    '/admin/angebot/:lwin11 (Weininformationen)',
  );
  await expectDialogByKeyboard(
    page,
    page.getByRole('button', { name: 'Auf Orderliste setzen' }).first(),
    page.getByRole('dialog', { name: 'Auf Orderliste setzen' }),
    '/admin/angebot/:lwin11 (Auf Orderliste setzen)',
  );
});

test('the dialogs of the personal offers and the depot are accessible and keyboard-operable', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, demoAccounts.client, demoPassword);

  await visit(page, '/admin/selection');
  await expectDialogByKeyboard(
    page,
    page.getByRole('button', { name: 'Verbindlich bestellen' }).first(),
    page.getByRole('dialog', { name: 'Verbindliche Bestellung' }),
    '/admin/selection (Verbindliche Bestellung)',
  );

  await visit(page, '/admin/depot', 'Weindepot');
  await page.getByText('Tabelle', { exact: true }).click();
  await expectDialogByKeyboard(
    page,
    page.getByTestId('depot-table-row').first(),
    page.getByRole('dialog', { name: 'Depot-Position' }),
    '/admin/depot (Depot-Position)',
  );
});

test('the dialogs of the admin frame are accessible and keyboard-operable', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, demoAccounts.client, demoPassword);

  // The two dialogs of the admin frame, with their forms.
  await expectDialogByKeyboard(
    page,
    page.getByTestId('contact-avatar'),
    page.getByRole('dialog', { name: 'Kontakt aufnehmen' }),
    'Kontakt aufnehmen',
  );
  await expectDialogByKeyboard(
    page,
    page.getByRole('button', { name: 'Accounteinstellungen' }),
    page.getByRole('dialog', { name: 'Accounteinstellungen' }),
    'Accounteinstellungen',
  );
});

// Last: the back office is being built in parallel; its findings are reported here as well.
test('the back office tabs have no serious accessibility findings', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, demoAccounts.superuser, demoPassword);
  for (const tab of [
    'sortiment_neu',
    'sortiment_alt',
    'angebote',
    'lieferanten',
    'lagerbestand',
    'bestandsabgleich',
    'servicegebuehr',
    'verlauf',
    'orders',
  ]) {
    await visit(page, `/admin/management#${tab}`);
    await expectAccessible(page, `/admin/management#${tab}`);
  }
  // The staff view of a client's depot.
  await visit(page, staffDepotPath(demoAccounts.client), 'Weindepot');
  await expectAccessible(page, '/admin/<staff depot>/:clientsMail');
});
