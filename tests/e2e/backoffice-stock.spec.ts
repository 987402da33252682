import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

/** The demo client's depot position of Côte-Rôtie La Mouline 2017 (no other journey edits it). */
const POSITION_SEARCH = 'Mouline 2017';
const NEW_MRN = '26FR3300000012345E';

test.use({ viewport: { width: 1440, height: 900 } });

async function findPosition(page: Page) {
  const table = page.getByTestId('stock-table');
  await table.getByRole('textbox', { name: 'Lagerbestand durchsuchen' }).fill(POSITION_SEARCH);
  await expect(table.getByText('1–1 von 1')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Côte-Rôtie La Mouline 2017' });
  await expect(row).toHaveCount(1);
  return row;
}

test('the adviser corrects the customs reference of a depot position in Lagerbestand', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#lagerbestand');
  await expect(page.getByRole('tab', { name: 'Lagerbestand' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByTestId('stock-table');
  await expect(table.getByText(/^1–\d+ von \d+$/)).toBeVisible();

  let row = await findPosition(page);
  await expect(row).toContainText(demoAccounts.client);
  const mrnBefore = (await row.getByTestId('stock-mrn').textContent()) ?? '';
  expect(mrnBefore).not.toBe(NEW_MRN);
  const confirm = page.getByRole('dialog', { name: 'Änderungen speichern?' });

  // A cancelled confirmation aborts the edit and shows the stored value again.
  await row.getByRole('button', { name: /bearbeiten$/ }).click();
  await row.getByRole('textbox', { name: /^MRN von Position/ }).fill(NEW_MRN);
  await row.getByRole('button', { name: /speichern$/ }).click();
  await expect(confirm).toContainText(NEW_MRN);
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByTestId('stock-mrn')).toHaveText(mrnBefore);

  // A malformed MRN is refused with the German message before anything is asked.
  await row.getByRole('button', { name: /bearbeiten$/ }).click();
  const mrn = row.getByRole('textbox', { name: /^MRN von Position/ });
  await mrn.fill('26FR33');
  await row.getByRole('button', { name: /speichern$/ }).click();
  await expect(row.getByText('Die MRN muss genau 18 Zeichen lang sein.')).toBeVisible();
  await expect(confirm).toBeHidden();

  // MRN and its date (another day of the month the calendar opens at), confirmed and saved.
  await mrn.fill(NEW_MRN.toLowerCase());
  const dateButton = row.getByRole('button', { name: /^MRN-Datum von Position/ });
  const [day, month, year] = ((await dateButton.textContent()) ?? '').split('.').map(Number);
  expect(year).toBeGreaterThan(2000);
  const newDay = day === 1 ? 2 : 1;
  const newDate = `${String(newDay).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
  const monthName = new Intl.DateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 1)),
  );
  await dateButton.click();
  await page.getByRole('button', { name: `${newDay} ${monthName} ${year}`, exact: true }).click();
  await expect(dateButton).toHaveText(newDate);
  await row.getByRole('button', { name: /speichern$/ }).click();
  await expect(confirm).toContainText(NEW_MRN);
  await expect(confirm).toContainText(newDate);
  await confirm.getByRole('button', { name: 'Speichern' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/^Position \d+ wurde gespeichert\.$/)).toBeVisible();

  // Saved on the server: after a reload the row shows the new values, and the history the change.
  await page.reload();
  row = await findPosition(page);
  await expect(row.getByTestId('stock-mrn')).toHaveText(NEW_MRN);
  await expect(row.getByTestId('stock-mrn-date')).toHaveText(newDate);
  await row.getByRole('button', { name: 'Verlauf' }).click();
  const history = page.getByRole('dialog', { name: /^Verlauf: Position \d+/ });
  await expect(history.getByTestId('audit-entry')).toHaveCount(1);
  await expect(history.getByTestId('audit-entry')).toContainText(demoAccounts.superuser);
  await expect(history.getByTestId('audit-entry')).toContainText(NEW_MRN);
});

test('the adviser sees purchases per supplier, the service fee and the sales as charts', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#lieferanten');
  await expect(page.getByRole('tab', { name: 'Lieferanten' })).toHaveAttribute('aria-selected', 'true');

  const supplierChart = page.getByTestId('supplier-value-chart');
  await expect(
    supplierChart.getByRole('heading', { name: 'Einkaufswert und offener Bestand je Lieferant' }),
  ).toBeVisible();
  await expect(supplierChart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await expect(
    page.getByTestId('supplier-cases-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  const supplierRows = page.getByTestId('supplier-table').getByRole('row');
  expect(await supplierRows.count()).toBeGreaterThan(2);
  await expect(page.getByTestId('supplier-table')).toContainText('€');

  // The link leads to the sales, which live on the Servicegebühr tab.
  await page.getByRole('link', { name: /Verkäufe je Monat und Region/ }).click();
  await expect(page).toHaveURL(/#servicegebuehr$/);
  await expect(page.getByRole('tab', { name: 'Servicegebühr' })).toHaveAttribute('aria-selected', 'true');

  // Bars of months without revenue have no height: look for a drawn one.
  for (const chart of ['service-fee-chart', 'service-fee-client-chart', 'sales-month-chart']) {
    await expect(page.getByTestId(chart).locator('.recharts-bar-rectangle path').first()).toBeVisible();
  }
  await expect(page.getByTestId('depot-value-chart').locator('.recharts-line-curve')).toBeVisible();
  await expect(page.getByTestId('sales-region-chart').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(page.getByTestId('service-fee-client-table')).toContainText(demoAccounts.client);
  await expect(page.getByTestId('service-fee-chart').locator('figcaption')).toContainText(
    /insgesamt [\d.]+,\d{2} €/,
  );
  await expect(page.getByTestId('sales-region-table').getByRole('row')).not.toHaveCount(1);
});
