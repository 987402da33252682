import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { staffDepotPath } from '../../src/routes/depot-routes';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

const LONG_WINE_TITLE = 'Puligny-Montrachet Premier Cru Les Pucelles Vieilles Vignes Cuvée Réserve';
const EXCEL_HEADERS = [
  'Jahrgang',
  'Gebinde',
  'Wein',
  'Weingut',
  'Region',
  'Flaschen',
  'Datum',
  'Preis/Flasche',
  'Preis gesamt',
];

interface Cell {
  text: string;
  title: string | null;
}
type Parse = (cell: Cell) => string | number;
const text: Parse = (cell) => cell.text.trim();
const fullName: Parse = (cell) => cell.title ?? '';
const number: Parse = (cell) => Number(cell.text.replace(/[^\d,]/g, '').replace(',', '.'));
const germanDate: Parse = (cell) => {
  const [day, month, year] = cell.text.trim().split('.');
  return Date.UTC(Number(year), Number(month) - 1, Number(day));
};

/** Table columns after the image column, with how a cell's value is read. */
const COLUMNS: { header: string; read: Parse }[] = [
  { header: 'Jahrgang', read: number },
  { header: 'Gebinde', read: text },
  { header: 'Wein', read: fullName },
  { header: 'Weingut', read: fullName },
  { header: 'Region', read: text },
  { header: 'Flaschen', read: number },
  { header: 'Datum', read: germanDate },
  { header: 'Preis/Flasche', read: number },
  { header: 'Preis gesamt', read: number },
];

const collator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });
const inOrder = (values: (string | number)[], direction: 'ascending' | 'descending') =>
  values.every((value, index) => {
    if (index === 0) return true;
    const previous = values[index - 1] as string | number;
    const order =
      typeof value === 'number' && typeof previous === 'number'
        ? previous - value
        : collator.compare(String(previous), String(value));
    return direction === 'ascending' ? order <= 0 : order >= 0;
  });

async function columnValues(page: Page, columnIndex: number, read: Parse) {
  const cells = await page.getByTestId('depot-table-row').evaluateAll(
    (rows, index) =>
      rows.map((row) => {
        const cell = row.querySelectorAll('td')[index];
        return { text: cell?.textContent ?? '', title: cell?.getAttribute('title') ?? null };
      }),
    columnIndex + 1,
  );
  return cells.map(read);
}

/** The headline "16 Positionen · 2 verkauft": held positions, and the sold ones named apart. */
async function positionCount(page: Page): Promise<{ held: number; sold: number }> {
  const label = (await page.getByTestId('depot-position-count').textContent()) ?? '';
  const match = /^(\d+) (Position|Positionen)(?: · (\d+) verkauft)?$/.exec(label);
  if (!match) throw new Error(`Unerwartete Überschrift: ${label}`);
  const held = Number(match[1]);
  expect(match[2]).toBe(held === 1 ? 'Position' : 'Positionen');
  return { held, sold: Number(match[3] ?? 0) };
}

async function showTableCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'showTable');
}

test('Kundin: Depot mit Tabelle, Sortierung, Position per Tastatur, Zeitverlauf und Excel-Export', async ({
  page,
  context,
}) => {
  // A long journey on a shared two-core machine.
  test.setTimeout(180_000);
  await logIn(page, demoAccounts.client, demoPassword);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Mein Weindepot' })
    .click();
  await expect(page).toHaveURL('/admin/depot');
  await expect(page.getByRole('heading', { level: 1, name: 'Weindepot' })).toBeVisible();

  // Summary cards: the total counts up; "invested since" counts years, months and days since the
  // first purchase and names that day (nothing ticks by the second).
  await expect(page.getByTestId('total-invested')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
  const counter = page.getByTestId('invested-since');
  await expect(counter).toHaveText(
    /^\d+ Jahre?, \d+ Monate?, \d+ Tage?seit dem \d{2}\.\d{2}\.\d{4} \(erster Kauf\)$/,
  );
  await expect(counter).not.toContainText('Sek.');
  await expect(page.getByRole('link', { name: 'Jetzt Portfolio ausbauen' })).toHaveAttribute(
    'href',
    '/admin/weinangebot',
  );

  // Without the cookie the sunburst is shown; the table choice is kept in the cookie for 7 days.
  await expect(page.getByTestId('depot-sunburst')).toBeVisible();
  await page.getByText('Tabelle', { exact: true }).click();
  await expect(page.getByTestId('depot-table-row').first()).toBeVisible();
  const cookie = await showTableCookie(context);
  expect(cookie?.value).toBe('true');
  expect(cookie?.sameSite).toBe('Lax');
  const sevenDays = Date.now() / 1000 + 7 * 24 * 60 * 60;
  expect(Math.abs((cookie?.expires ?? 0) - sevenDays)).toBeLessThan(120);

  const depotAnswer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('clientsDepot'),
  );
  await page.reload();
  const depot = (await (await depotAnswer).json()) as {
    data: { clientsDepot: { depotPositionStatusRel: { status: string }[] }[] };
  };
  const soldInApi = depot.data.clientsDepot.filter((position) =>
    position.depotPositionStatusRel.some((entry) => entry.status === 'SOLD'),
  ).length;
  await expect(page.getByTestId('depot-table-row').first()).toBeVisible();
  await expect(page.getByTestId('depot-sunburst')).toHaveCount(0);
  const { held: positions, sold } = await positionCount(page);
  expect(positions).toBeGreaterThanOrEqual(14);
  // The table holds the held positions only (all of the demo's fit its rendered window); the
  // demo's sales are listed below it, each with its proceeds and settlement.
  await expect(page.getByTestId('depot-table-row')).toHaveCount(positions);
  expect(sold).toBeGreaterThan(0);
  expect([positions, sold]).toEqual([depot.data.clientsDepot.length - soldInApi, soldInApi]);
  const soldList = page.getByTestId('sold-position');
  await expect(soldList).toHaveCount(sold);
  const settlements = await soldList
    .getByRole('link', { name: 'Abrechnung (PDF)' })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(settlements.length).toBeGreaterThan(0);
  for (const href of settlements) expect(href).toMatch(/\/settlement\/[\w-]{16,}$/);
  // The Zweitmarkt section lists no sale a second time.
  await expect(
    page.getByTestId('secondary-market').getByRole('heading', { name: 'Verkauft', exact: true }),
  ).toHaveCount(0);

  // Default order: date descending; every column sorts ascending on the first click, descending on the second.
  await expect(page.getByRole('columnheader', { name: /^Datum/ })).toHaveAttribute('aria-sort', 'descending');
  expect(inOrder(await columnValues(page, 6, germanDate), 'descending')).toBe(true);
  for (const [index, column] of COLUMNS.entries()) {
    const header = page.getByRole('columnheader', {
      name: new RegExp(`^${column.header}\\s*[▲▼]?$`),
    });
    for (const direction of ['ascending', 'descending'] as const) {
      await header.getByRole('button').click();
      await expect(header).toHaveAttribute('aria-sort', direction);
      expect(
        inOrder(await columnValues(page, index, column.read), direction),
        `${column.header} ${direction}`,
      ).toBe(true);
    }
  }
  // Names longer than 20 characters are shortened with an ellipsis.
  await expect(page.getByTestId('depot-table-row').locator(`td[title="${LONG_WINE_TITLE}"]`)).toHaveText(
    'Puligny-Montrachet P…',
  );

  // Open a position with the keyboard: Enter and Space.
  const firstRow = page.getByTestId('depot-table-row').first();
  const firstTitle = ((await firstRow.getAttribute('aria-label')) ?? '').replace(/ öffnen$/, '');
  await firstRow.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Depot-Position' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('depot-position-card')).toContainText(firstTitle);
  await expect(dialog).toContainText('Hold');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const secondRow = page.getByTestId('depot-table-row').nth(1);
  const secondTitle = ((await secondRow.getAttribute('aria-label')) ?? '').replace(/ öffnen$/, '');
  await secondRow.focus();
  await page.keyboard.press(' ');
  await expect(dialog.getByTestId('depot-position-card')).toContainText(secondTitle);
  await page.keyboard.press('Escape');

  // A position that is not in the depot.
  await page.goto('/admin/depot?position=999999');
  const missing = page.getByRole('dialog', { name: 'Depot-Position' });
  await expect(missing).toContainText('Nicht gefunden.');
  await missing.getByRole('button', { name: 'Schließen' }).click();
  await expect(missing).toBeHidden();
  await expect(page).toHaveURL('/admin/depot');

  // Zeitverlauf: the cumulative line with the projection.
  await page.getByRole('button', { name: 'Zeitverlauf' }).click();
  const timeSeries = page.getByRole('dialog', { name: 'Portfolio-Zeitreihe (kumuliert)' });
  await expect(timeSeries).toBeVisible();
  await expect(timeSeries.locator('.recharts-line').first()).toBeVisible();
  await expect(timeSeries).not.toContainText('Nicht genügend Daten.');
  await timeSeries.getByRole('button', { name: 'Schließen' }).click();
  await expect(timeSeries).toBeHidden();

  // Excel: read the downloaded file back (with the Wertentwicklung loaded, so its sheet is there).
  await expect(page.getByTestId('performance-market-value')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel herunterladen' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^\d{8}Weindepot\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Depot');
  expect(sheet).toBeDefined();
  if (!sheet) return;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(EXCEL_HEADERS);
  expect(sheet.rowCount).toBe(positions + 1);
  const wineNames = (sheet.getColumn(3).values as unknown[]).slice(2);
  expect(wineNames).toContain(LONG_WINE_TITLE.slice(0, 60));
  expect(wineNames.every((name) => typeof name === 'string' && name.length <= 60)).toBe(true);
  const dataRow = sheet.getRow(2);
  expect(dataRow.getCell(7).value).toBeInstanceOf(Date);
  expect(typeof dataRow.getCell(8).value).toBe('number');
  expect(dataRow.getCell(9).numFmt).toContain('€');

  expect(wineNames).toHaveLength(positions);

  // "Verkauft": the sold positions with their proceeds and settlement links, as listed on the page.
  const soldSheet = workbook.getWorksheet('Verkauft');
  if (!soldSheet) throw new Error('Blatt "Verkauft" fehlt');
  expect(soldSheet.rowCount).toBe(sold + 1);
  expect((soldSheet.getRow(1).values as unknown[]).slice(1, 9)).toEqual([
    'Wein',
    'Jahrgang',
    'Gebinde',
    'Flaschen',
    'Kaufdatum',
    'Kaufwert',
    'Verkauft am',
    'Erlös nach Provision',
  ]);
  const links = (soldSheet.getColumn(9).values as unknown[])
    .slice(2)
    .map((cell) => (cell as { hyperlink?: string } | null)?.hyperlink ?? null)
    .filter((link) => link !== null);
  expect(links.sort()).toEqual([...settlements].sort());

  // "Bewertung": one row per held position; "Wertentwicklung": one row per monthly point.
  const valuation = workbook.getWorksheet('Bewertung');
  const performance = workbook.getWorksheet('Wertentwicklung');
  if (!valuation || !performance) throw new Error('Blatt "Bewertung" oder "Wertentwicklung" fehlt');
  expect((valuation.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Wein',
    'Jahrgang',
    'Marktwert/Flasche',
    'Quelle',
    'Stand',
    'steuerfrei ab',
  ]);
  expect(valuation.rowCount).toBe(positions + 1);
  const sources = (valuation.getColumn(4).values as unknown[]).slice(2);
  expect(sources.every((source) => source === 'Wine-Searcher Europa-Ø' || source === 'Keine Bewertung')).toBe(
    true,
  );
  expect(valuation.getRow(2).getCell(6).value).toBeInstanceOf(Date);
  expect((performance.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Datum',
    'Investiert (gehaltene Positionen)',
    'Marktwert',
    'Index (100 = erster Punkt)',
  ]);
  expect(performance.rowCount).toBeGreaterThan(30);
  expect(performance.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(performance.getRow(2).getCell(4).value).toBe(100);
});

test('Berater: sieht das Depot der Kundin über die Beraterroute; die Kundin nicht', async ({ browser }) => {
  // Two sign-ins and two depots, each beside a first background sync: more than 60 s on a loaded machine.
  test.setTimeout(120_000);
  // Reduced motion: the totals show their final value at once instead of counting up, so the text
  // read here is the total, not a moment of the animation (and the staff page cannot match a
  // passing intermediate value).
  const clientContext = await browser.newContext({ reducedMotion: 'reduce' });
  const clientPage = await clientContext.newPage();
  await logIn(clientPage, demoAccounts.client, demoPassword);
  await clientPage.goto('/admin/depot');
  const clientTotal = clientPage.getByTestId('total-invested');
  // The depot loads beside the first background sync: on a loaded machine that takes more than 10 s.
  await expect(clientTotal).toHaveText(/^[1-9][\d.]*,\d{2}\s€$/, { timeout: 30_000 });
  const total = (await clientTotal.textContent()) ?? '';
  const positions = await positionCount(clientPage);

  // A client calling the staff route gets the server's refusal.
  await clientPage.goto(staffDepotPath(demoAccounts.client));
  await expect(clientPage.getByRole('alert')).toHaveText('Fehler beim Laden');
  await clientContext.close();

  const staffContext = await browser.newContext({ reducedMotion: 'reduce' });
  const staffPage = await staffContext.newPage();
  await logIn(staffPage, demoAccounts.superuser, demoPassword);
  await staffPage.goto(staffDepotPath(demoAccounts.client));
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Weindepot' })).toBeVisible();
  await expect(staffPage.getByTestId('staff-depot-client')).toHaveText(`Depot von ${demoAccounts.client}`);
  expect(await positionCount(staffPage)).toEqual(positions);
  // Totals come from the positions and match the client's investment score.
  await expect(staffPage.getByTestId('total-invested')).toHaveText(total);
  await staffContext.close();
});
