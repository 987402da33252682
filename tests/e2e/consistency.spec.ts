import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatEuro } from '../../src/domain/money';
import { countLabel } from '../../src/domain/plural';
import { apiToken, demoAccounts, demoPassword, registerActivatedClient } from './support/accounts';
import { staffChecksOrder } from './support/checkout';
import { logIn } from './support/session';

/**
 * What the screens state of the same wine and money agrees: the depot's headline, its cards, its
 * table, its sold positions and the Excel file it hands out; an invoice's total in the order list,
 * on the pay page and among the invoices. Each value is read as the screen shows it (German
 * format) and compared with the other places, not with numbers copied from one of them.
 */

/** A sheet's data rows (below the header), first column first. */
function sheetRows(workbook: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`Blatt ${name} fehlt`);
  return (sheet.getSheetValues() ?? [])
    .slice(2)
    .filter(Boolean)
    .map((row) => (row as unknown[]).slice(1));
}

const euroOf = (value: unknown) => formatEuro(Math.round(Number(value) * 100));
const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

test('Kundin: Kopfzeile, Karten, Tabelle, verkaufte Positionen und Excel-Datei nennen dieselben Positionen und Werte', async ({
  page,
}) => {
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/depot');
  const headline = page.getByTestId('depot-position-count');
  await expect(headline).toHaveText(/^\d+ Positionen · \d+ verkauft$/);
  const [, held, sold] = (
    /^(\d+) Positionen · (\d+) verkauft$/.exec((await headline.textContent()) ?? '') ?? []
  ).map(Number);
  // The performance figures arrive after the depot's; the chart's data decides what the file holds.
  await expect(page.getByTestId('performance-market-value')).toHaveText(/€/);

  // Cards and sold positions: as many as the headline says.
  await expect(page.getByTestId('depot-position-card')).toHaveCount(held as number);
  await expect(page.getByTestId('sold-position')).toHaveCount(sold as number);
  const proceeds = await page.getByTestId('sold-position-proceeds').allInnerTexts();

  // The table: the held positions, one row each.
  await page.getByText('Tabelle', { exact: true }).click();
  await expect(page.getByTestId('depot-table-row')).toHaveCount(held as number);
  const tableGebinde = await page
    .getByTestId('depot-table-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent?.trim() ?? ''));

  // The file the button hands out, read back.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel herunterladen' }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await downloadPromise).path());
  const depotSheet = sheetRows(workbook, 'Depot');
  const soldSheet = sheetRows(workbook, 'Verkauft');
  const summary = new Map(sheetRows(workbook, 'Übersicht').map(([label, value]) => [label, value]));

  expect(depotSheet).toHaveLength(held as number);
  expect(soldSheet).toHaveLength(sold as number);
  expect(await headline.textContent()).toBe(summary.get('Positionen'));
  expect(depotSheet.map((row) => String(row[1])).sort()).toEqual([...tableGebinde].sort());
  expect(`${countLabel(depotSheet.length, 'Position')} · ${soldSheet.length} verkauft`).toBe(
    summary.get('Positionen'),
  );

  // Value: headline card, performance card and file; the sentence on source and date alike.
  const marketValue = euroOf(summary.get('Marktwert zum Ø-Preis Europa'));
  await expect(page.getByTestId('market-value')).toHaveText(marketValue);
  await expect(page.getByTestId('performance-market-value')).toHaveText(marketValue);
  await expect(page.getByTestId('total-invested')).toHaveText(euroOf(summary.get('Gesamt investiert')));
  expect(await textOf(page, 'market-value-source')).toBe(summary.get('Bewertung'));
  const heldInvested = depotSheet.reduce((sum, row) => sum + Math.round(Number(row[8]) * 100), 0);
  await expect(page.getByTestId('performance-invested')).toHaveText(formatEuro(heldInvested));
  const lastPoint = sheetRows(workbook, 'Wertentwicklung').at(-1);
  expect(euroOf(lastPoint?.[2])).toBe(marketValue);

  // Sold positions: the proceeds the screen names are the file's.
  const fileProceeds = soldSheet.map((row) =>
    row[7] === null || row[7] === undefined
      ? 'Erlös nicht erfasst'
      : `Erlös nach Provision ${euroOf(row[7])}`,
  );
  expect([...proceeds].sort()).toEqual(fileProceeds.sort());
});

async function graphql<Data>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Data> {
  const response = await request.post('/graphql', {
    headers: { authorization: `JWT ${token}` },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Data };
  if (!response.ok() || !body.data) throw new Error(`GraphQL set-up failed: ${JSON.stringify(body)}`);
  return body.data;
}

test('Kundin: Orderliste, Zahlungsseite und Rechnungen nennen denselben Rechnungsbetrag', async ({
  page,
  request,
}) => {
  // A fresh client's checked order, waiting for its payment (set up through the API).
  const client = await registerActivatedClient(request, 'konsistenz', { withBillingAddress: true });
  const token = await apiToken(request, client.email, client.password);
  const { allOffers } = await graphql<{
    allOffers: { id: number; availableCases: number; onRequest: boolean; secondaryMarket: boolean }[];
  }>(request, token, '{ allOffers { id availableCases onRequest secondaryMarket } }');
  const offer = allOffers
    .filter((candidate) => !candidate.onRequest && !candidate.secondaryMarket)
    .sort((a, b) => b.availableCases - a.availableCases)[0];
  await graphql(
    request,
    token,
    'mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 2) { success } }',
    { offerId: offer?.id },
  );
  const created = await graphql<{ createInvoice: { invoice: { id: number } } }>(
    request,
    token,
    'mutation { createInvoice { success invoice { id } } }',
  );
  await staffChecksOrder(request, client.email);
  await graphql(request, token, 'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success } }', {
    id: created.createInvoice.invoice.id,
  });

  await logIn(page, client.email, client.password);
  await page.goto('/admin/orderlist');
  const waiting = page.getByTestId('invoice-waiting-for-payment');
  await expect(waiting).toContainText('Bitte schließen Sie die Zahlung über');
  const total = /Zahlung über ([\d.]+,\d{2}\s€)/.exec((await waiting.textContent()) ?? '')?.[1] ?? '';
  expect(total).not.toBe('');
  const payUrl = await waiting.getByRole('link', { name: 'Zur Zahlungsseite' }).getAttribute('href');

  await page.goto(payUrl as string);
  await expect(page.getByText('Zu zahlender Betrag:')).toContainText(total);
  const lines = await page.locator('td.sum').allInnerTexts();
  const linesSum = lines.reduce((sum, line) => sum + Number(line.replace(/[^\d,]/g, '').replace(',', '')), 0);
  expect(formatEuro(linesSum)).toBe(total);
  await expect(page.getByRole('row', { name: /Gesamtbetrag/ })).toContainText(total);
  await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(page.getByRole('status')).toContainText('Ihre Zahlung ist eingegangen');

  await page.goto('/admin/invoices');
  await expect(page.getByTestId('paid-invoice')).toHaveCount(1);
  await expect(page.getByTestId('paid-invoice')).toContainText(total);
});
