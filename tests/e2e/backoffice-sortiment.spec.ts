import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import { apiToken, demoAccounts, demoPassword } from './support/accounts';
import { clientWithPaidPosition } from './support/depot-in-bond';
import { logIn } from './support/session';

test.use({ viewport: { width: 1440, height: 900 } });

const WINE = 'Carruades de Lafite 2019';

/** Opens "Sortiment (Neu)" as the adviser and narrows the offer table to one wine. */
async function openOffer(page: Page, wine: string) {
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#sortiment_neu');
  await expect(page.getByRole('tab', { name: 'Sortiment (Neu)' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Sortiment durchsuchen').fill(wine);
  const table = page.getByRole('table', { name: 'Sortiment' });
  await expect(table.getByText(wine, { exact: true })).toBeVisible();
  await expect(table.locator('tbody tr').filter({ hasText: 'Angebot ' })).toHaveCount(1);
  return table;
}

async function openTrancheUpdate(page: Page, wine: string) {
  await page.getByRole('button', { name: `Tranchen von ${wine} anzeigen` }).click();
  const tranches = page.getByRole('table', { name: `Einkaufstranchen von ${wine}` });
  const tranche = tranches.getByTestId('tranche-row').first();
  await expect(tranche).toBeVisible();
  await tranche.getByRole('button', { name: 'Updaten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Einkaufstranche updaten' });
  await expect(dialog).toBeVisible();
  return { dialog, tranche };
}

test('the adviser enters a case-number range for a tranche and sees it counted and saved', async ({
  page,
}) => {
  await openOffer(page, WINE);
  const { dialog, tranche } = await openTrancheUpdate(page, WINE);
  await expect(tranche.getByText('eingelagert')).toHaveCount(0);

  await dialog.getByLabel('Gesamtmenge (Kisten)').fill('12');
  await dialog.getByLabel('Zollnummer (MRN)').fill('26FR3300000099999X');
  await dialog.getByLabel('Kistennummern').fill('1001, ..., 1012');
  await expect(dialog.getByTestId('case-number-counter')).toHaveText('Kistennummern: 12 / 12');
  await dialog.getByRole('button', { name: 'Speichern' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Die Einkaufstranche wurde gespeichert.')).toBeVisible();
  await expect(tranche.getByTestId('tranche-case-count')).toHaveText('12 / 12');
  await expect(tranche.getByText('eingelagert')).toBeVisible();

  // The range is stored as the expanded list.
  await tranche.getByRole('button', { name: 'Updaten' }).click();
  const again = page.getByRole('dialog', { name: 'Einkaufstranche updaten' });
  await expect(again.getByLabel('Kistennummern')).toHaveValue(
    '1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012',
  );
  await expect(again.getByTestId('case-number-counter')).toHaveText('Kistennummern: 12 / 12');

  // History of the tranche: the change is in its audit log.
  await again.getByRole('button', { name: 'Abbrechen' }).click();
  await tranche.getByRole('button', { name: 'Verlauf' }).click();
  const history = page.getByRole('dialog', { name: /^Verlauf: Tranche/ });
  await expect(history.getByTestId('audit-entry').first()).toContainText('berater@example.com');
  await expect(history.getByTestId('audit-entry').first()).toContainText('1001, 1002');
});

test('a trailing comma in the case numbers or empty remaining cases disable saving', async ({ page }) => {
  await openOffer(page, WINE);
  const { dialog } = await openTrancheUpdate(page, WINE);
  const save = dialog.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeEnabled();

  await dialog.getByLabel('Kistennummern').fill('1001, 1002,');
  await expect(dialog.getByText('Falsches Format! (Komma am Ende?)')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(dialog.getByTestId('case-number-counter')).toContainText('2 / ');

  await dialog.getByLabel('Kistennummern').fill('1001, 1002');
  await expect(dialog.getByText('Falsches Format! (Komma am Ende?)')).toHaveCount(0);
  await expect(save).toBeEnabled();

  await dialog.getByLabel('Verbleibende Kisten').fill('');
  await expect(dialog.getByText('Bitte geben Sie die verbleibenden Kisten an.')).toBeVisible();
  await expect(save).toBeDisabled();
});

test('the adviser edits a sell price inline with the Livex fee; a cancelled confirmation keeps the old price', async ({
  page,
}) => {
  const table = await openOffer(page, WINE);
  const row = table.locator('tbody tr').filter({ hasText: WINE });
  await expect(row).toContainText('229,00 €');

  await row.getByRole('button', { name: `VK von ${WINE} bearbeiten` }).click();
  // The field starts with the price in German form and reads German input.
  await expect(row.getByLabel(`VK von ${WINE}`)).toHaveValue('229,00');
  await row.getByLabel(`VK von ${WINE}`).fill('230,005');
  await expect(row.getByText(backofficeMessages.priceInput)).toBeVisible();
  await row.getByLabel(`VK von ${WINE}`).fill('230,00');
  await row.getByLabel(/Livex-Gebühr/).check();
  await expect(row.getByText('Neuer Flaschenpreis: 242,95 €')).toBeVisible();
  await row.getByRole('button', { name: 'Übernehmen' }).click();

  const confirm = page.getByRole('dialog', { name: 'Änderung speichern?' });
  await expect(confirm).toContainText('229,00 € → 242,95 €');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('229,00 €');

  await row.getByRole('button', { name: `VK von ${WINE} bearbeiten` }).click();
  await row.getByLabel(`VK von ${WINE}`).fill('230');
  await row.getByLabel(/Livex-Gebühr/).check();
  await row.getByRole('button', { name: 'Übernehmen' }).click();
  await page
    .getByRole('dialog', { name: 'Änderung speichern?' })
    .getByRole('button', { name: 'Speichern' })
    .click();
  await expect(row).toContainText('242,95 €');
});

/** The text as a regular expression that matches it literally (supplier names may hold '.' or '&'). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An offer of this journey's own, with two tranches of two suppliers (2 and 4 cases, none for sale
 * after the set-up), on the newest vintage without an offer, and a fresh client who bought one case
 * of it, so no other journey's wines, tranches or clients change.
 */
async function offerWithTwoTranchesAndABuyer(request: APIRequestContext) {
  const staff = await apiToken(request, demoAccounts.superuser, demoPassword);
  const call = async <Data>(query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const answer = await request.post('/graphql', {
      headers: { authorization: `JWT ${staff}` },
      data: { query, variables },
    });
    const body = await answer.json();
    if (!answer.ok() || body.errors) throw new Error(`GraphQL set-up failed: ${JSON.stringify(body)}`);
    return body.data as Data;
  };
  const catalogue = await call<{
    allVintages: { id: number; year: number; title: string }[];
    backofficeOffers: { vintage: { id: number } }[];
    allBottleSizes: { id: number }[];
    allOfferers: { value: number; label: string }[];
  }>(
    '{ allVintages { id year title } backofficeOffers { vintage { id } } allBottleSizes { id } allOfferers { value label } }',
  );
  const offered = new Set(catalogue.backofficeOffers.map((offer) => offer.vintage.id));
  const vintage = catalogue.allVintages
    .filter((candidate) => !offered.has(candidate.id))
    .sort((a, b) => b.year - a.year || b.id - a.id)[0];
  const [first, second] = catalogue.allOfferers;
  if (!vintage || !first || !second) throw new Error('Kein Jahrgang ohne Angebot oder zu wenige Lieferanten');
  const created = await call<{
    createOfferAndPartialOffer: { success: boolean; offer: { id: number } };
  }>(
    `mutation ($vintageId: Int, $bottleSizeId: Int, $offererId: Int) {
      createOfferAndPartialOffer(vintageId: $vintageId, bottleSizeId: $bottleSizeId, offererId: $offererId,
        buyPriceBtl: "80.00", sellPriceBtl: "120.00", caskOf: "6", quantityAvailable: "2") { success offer { id } }
    }`,
    { vintageId: vintage.id, bottleSizeId: catalogue.allBottleSizes[0]?.id, offererId: first.value },
  );
  const offerId = created.createOfferAndPartialOffer.offer.id;
  const added = await call<{ createOrUpdatePartialOffer: { success: boolean } }>(
    `mutation ($offerId: Int, $offererId: Int) {
      createOrUpdatePartialOffer(offerId: $offerId, offererId: $offererId, buyPriceBtl: "85.00", amount: "0",
        totalQuantityAvailable: "4") { success }
    }`,
    { offerId, offererId: second.value },
  );
  expect(added.createOrUpdatePartialOffer.success).toBe(true);
  const buyer = await clientWithPaidPosition(request, 'sortiment-linking', offerId, 1);
  return { wine: `${vintage.title} ${vintage.year}`, first: first.label, second: second.label, buyer };
}

test('the adviser assigns a client depot position to another tranche and sees the counts move', async ({
  page,
  request,
}) => {
  const { wine, first, second, buyer } = await offerWithTwoTranchesAndABuyer(request);
  await openOffer(page, wine);
  await page.getByRole('button', { name: `Aktionen für ${wine}` }).click();
  await page.getByRole('menuitem', { name: 'Tranchen mit Depotpositionen verknüpfen' }).click();
  const dialog = page.getByRole('dialog', { name: `Tranchen verknüpfen: ${wine}` });
  const bought = dialog.getByTestId('linking-tranche').filter({ hasText: first });
  const other = dialog.getByTestId('linking-tranche').filter({ hasText: second });
  // The payment assigned the case to the tranche it was reserved from.
  await expect(bought.locator('[data-colour]')).toHaveText('1 / 2');
  await expect(other.locator('[data-colour]')).toHaveText('0 / 4');

  // The positions table searches by the owner.
  const rows = dialog.getByTestId('linking-position');
  await expect(rows.first()).toBeVisible();
  await dialog.getByLabel('Depotpositionen des Angebots durchsuchen').fill(buyer.email);
  await expect(rows.filter({ hasNotText: buyer.email })).toHaveCount(0);
  const position = rows.filter({ hasText: buyer.email });
  await expect(position).toHaveCount(1);
  await position.getByRole('combobox', { name: /^Tranche der Depotposition/ }).click();
  await page.getByRole('option', { name: new RegExp(escapeRegExp(second)) }).click();
  const confirm = page.getByRole('dialog', { name: 'Zuordnung speichern?' });
  await expect(confirm).toContainText(second);
  await confirm.getByRole('button', { name: 'Speichern' }).click();

  await expect(other.locator('[data-colour]')).toHaveText('1 / 4');
  await expect(bought.locator('[data-colour]')).toHaveText('0 / 2');
  await expect(position.getByRole('combobox', { name: /^Tranche der Depotposition/ })).toHaveValue(
    new RegExp(escapeRegExp(second)),
  );
});

test('the older assortment view lists the purchase tranches read-only', async ({ page }) => {
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#sortiment_alt');
  await expect(page.getByRole('tab', { name: 'Sortiment (Alt)' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Sortiment (Alt)' });
  await expect(table.getByTestId('sortiment-alt-row').first()).toBeVisible();
  await page.getByLabel('Sortiment (Alt) durchsuchen').fill('Lafite Rothschild 2016 Joanne');
  const row = table.getByTestId('sortiment-alt-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Château Lafite Rothschild 2016');
  await expect(row.locator('[data-colour]')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
});
