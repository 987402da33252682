import { expect, type Locator, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';
import { revealWineryMarker, WEBGL_MAP_BROWSER, wineryClusters, wineryMarkers } from './support/map';
import { logIn } from './support/session';

test.use(WEBGL_MAP_BROWSER);

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box on the screen');
  return box;
}

test('a client explores wineries, the map, the academy and a vintage', async ({ page }) => {
  // A long journey (wineries, a winery page, the map, the academy, a video, a vintage): on a busy
  // machine it needs more than the default minute.
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.client, demoPassword);

  // Winery list → winery page
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Entdecken' })
    .click();
  await expect(page).toHaveURL(/\/admin\/all-wineries\/?$/);
  const list = page.getByRole('region', { name: 'Weingüter nach Regionen' });
  await expect(list.getByRole('heading', { name: 'Frankreich' })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Italien' })).toBeVisible();
  // Producers, each once; their wines (the second wine of Lafite, a Grand Cru) are on the winery page.
  await expect(list.getByRole('link', { name: 'Château Lafite Rothschild', exact: true })).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'Carruades de Lafite' })).toHaveCount(0);
  await expect(list.getByRole('link', { name: 'La Tâche Grand Cru' })).toHaveCount(0);
  await expect(list.getByRole('link', { name: 'Moët & Chandon', exact: true })).toBeVisible();
  await list.getByRole('link', { name: 'Château Lafite Rothschild', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/chateaus\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Château Lafite Rothschild' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fakten' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Frankreich' })).toBeVisible();
  await expect(page.getByText(/Kisten$/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weine des Weinguts' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Kritikerstimmen' })
      .getByText(/\d+ von 100|\d/)
      .first(),
  ).toBeVisible();
  await expect(
    page.getByText('Limitierte Top-Opportunity').or(page.getByText('Aktuell keine Direkt-Allokation')),
  ).toBeVisible();

  // Map marker click on a wide screen → that winery (the first view shows all wineries, so
  // neighbours are grouped into clusters: Enter on one zooms in until a winery stands alone)
  await page.goto('/admin/all-wineries');
  const marker = await revealWineryMarker(page);
  const wineryTitle = ((await marker.getAttribute('aria-label')) ?? '').replace(/^Weingut /, '');
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/chateaus\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: wineryTitle })).toBeVisible();

  // Academy: a premiere is blurred and not clickable; a published video opens
  await page.goto('/admin/academy-overview');
  const premiere = page.locator('[data-premiere="true"]').first();
  await expect(premiere).toContainText('Premiere');
  await expect(premiere.getByRole('link')).toHaveCount(0);
  await expect(premiere).not.toHaveAttribute('href');
  await premiere.click();
  await expect(page).toHaveURL('/admin/academy-overview');

  await page.getByRole('link', { name: 'Was macht einen großen Bordeaux aus?' }).click();
  await expect(page).toHaveURL('/admin/academy/was-macht-einen-grossen-bordeaux-aus');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Was macht einen großen Bordeaux aus?' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Video-Vorschläge für Sie' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeVisible();
  const suggestions = page.getByRole('complementary', { name: 'Video-Vorschläge für Sie' });
  await expect(suggestions.getByRole('link').first()).toBeVisible();
  await expect(suggestions.getByText('Wie Kritikerpunkte den Weinpreis bewegen')).toHaveCount(0);

  // Vintage chip → vintage detail with its cards
  await page
    .getByRole('link', { name: /Lafite Rothschild 2016/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/vintage\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /2016/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Global Wine Score' })).toContainText('/ 100');
  await expect(page.getByRole('region', { name: 'Hintergrund der Gesamtbewertung' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Zusammensetzung' })).toContainText('Vol.-%');
  await expect(page.getByRole('heading', { name: 'Kritikerstimmen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preisentwicklung' })).toBeVisible();
  await page.getByRole('link', { name: 'Zum Weingut' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Château Lafite Rothschild' })).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the wineries map at ${viewport.width} px shows every winery at first, neighbours as a cluster that Enter opens`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const response = await request.post('/graphql', {
      data: { query: '{ allWineries(withOfferOnly: true) { id location } }' },
    });
    const { data } = (await response.json()) as { data: { allWineries: { location: string | null }[] } };
    const onMap = data.allWineries.filter((winery) => winery.location?.startsWith('POINT(')).length;
    expect(onMap).toBeGreaterThan(2);

    await logIn(page, demoAccounts.client, demoPassword);
    await page.goto('/admin/all-wineries');
    const map = page.getByTestId('wine-map');
    const napa = map.getByRole('button', { name: '2 Weingüter in Napa Valley – heranzoomen' });
    await expect(napa).toBeVisible({ timeout: 20_000 });
    await expect(napa.getByText('2', { exact: true })).toBeVisible();
    await expect(napa.getByText('Napa Valley', { exact: true })).toBeVisible();

    // The first view fits all wineries: the clusters' counts and the single markers add up to all of them,
    // and each button lies inside the map.
    const frame = await boxOf(map);
    const counted = async () => {
      const names = await wineryClusters(page).evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label') ?? ''),
      );
      return names.reduce((sum, name) => sum + Number(name.split(' ')[0]), await wineryMarkers(page).count());
    };
    await expect.poll(counted).toBe(onMap);
    for (const button of await map.locator('[data-cluster-id], [data-winery-id]').all()) {
      const box = await boxOf(button);
      expect(box.x >= frame.x && box.x + box.width <= frame.x + frame.width).toBe(true);
      expect(box.y >= frame.y && box.y + box.height <= frame.y + frame.height).toBe(true);
    }

    // Enter zooms in on the cluster: it falls apart into its two wineries, each with its label, and
    // the focus moves on to one of them.
    await napa.focus();
    await page.keyboard.press('Enter');
    await expect(napa).toHaveCount(0);
    const screamingEagle = map.getByRole('button', { name: 'Weingut Screaming Eagle' });
    const opusOne = map.getByRole('button', { name: 'Weingut Opus One' });
    await expect(screamingEagle).toBeVisible();
    await expect(opusOne).toBeVisible();
    await expect(map.locator(':focus')).toHaveAttribute('aria-label', /^Weingut (Screaming Eagle|Opus One)$/);
    // Both permanent labels (the button's second part, after the pin) lie inside the map and do not
    // cover each other.
    const inside = (box: Box, outer: Box) =>
      box.x >= outer.x &&
      box.y >= outer.y &&
      box.x + box.width <= outer.x + outer.width &&
      box.y + box.height <= outer.y + outer.height;
    const a = await boxOf(screamingEagle.locator(':scope > span').last());
    const b = await boxOf(opusOne.locator(':scope > span').last());
    expect(inside(a, await boxOf(map))).toBe(true);
    expect(inside(b, await boxOf(map))).toBe(true);
    const apart =
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, 'the two labels do not overlap').toBe(true);
  });
}

test('a premiere cannot be opened by its address', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/academy/rhone-legenden-hermitage-und-cote-rotie');
  await expect(page.getByRole('heading', { name: 'Fehler beim Laden' })).toBeVisible();
  await expect(page.getByText(/noch nicht veröffentlicht/)).toBeVisible();
});

test('a visitor sees public vintage and winery pages and the price index with a register call', async ({
  page,
}) => {
  await page.goto('/index-chart');
  await expect(page.getByRole('heading', { level: 1, name: 'Weindepot Preisindex' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'So wird der Index berechnet' })).toBeVisible();
  await expect(page.locator('.recharts-line')).toBeVisible();

  await page.goto('/vintage/1');
  await expect(page.getByRole('region', { name: 'Global Wine Score' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Jetzt registrieren' })).toBeVisible();
  await page.getByRole('link', { name: 'Zum Weingut' }).click();
  await expect(page).toHaveURL(/^[^?]*\/chateaus\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Fakten' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Registrieren' }).last().click();
  await expect(page).toHaveURL('/register');
});

test('the blog post page shows a post and the spec message for an unknown one', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/blog/liv-ex-und-global-wine-score-kurz-erklaert');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Liv-ex 1000 und Global Wine Score kurz erklärt' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Der Global Wine Score' })).toBeVisible();
  await page.goto('/admin/blog/gibt-es-nicht');
  await expect(page.getByRole('heading', { name: 'Blogpost not found :-()' })).toBeVisible();
});
