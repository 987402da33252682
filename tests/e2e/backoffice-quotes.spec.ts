import { readFile } from 'node:fs/promises';
import { expect, type Locator, test } from '@playwright/test';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import { demoAccounts, demoPassword, registerActivatedClient } from './support/accounts';
import { logIn } from './support/session';

test.use({ viewport: { width: 1440, height: 900 } });

const today = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
}).format(new Date());

/** Picks the first offer chip of a region section and answers its wine ("Sassicaia 2019"). */
async function pickFirstOffer(section: Locator): Promise<string> {
  const chip = section.locator('label').first();
  const label = (await chip.textContent()) ?? '';
  await chip.click();
  return label.split(' · ')[0]?.trim() ?? '';
}

test('the adviser builds a quote for a client, exports it, and the client sees it as an adviser offer', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // Its own client: the quote and its history never touch the shared demo client.
  const client = await registerActivatedClient(request, 'quotes');
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#angebote');
  await expect(page.getByRole('tab', { name: 'Angebote' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByTestId('manual-quotes');
  await expect(table.getByRole('table')).toBeVisible();

  // "Angebot erstellen" asks for the customer e-mail and checks it.
  await page.getByRole('button', { name: 'Angebot erstellen' }).click();
  const prompt = page.getByRole('dialog', { name: 'Angebot erstellen' });
  await prompt.getByLabel('E-Mail-Adresse des Kunden').fill('kunde@');
  await prompt.getByRole('button', { name: 'Speichern' }).click();
  await expect(prompt.getByText('Bitte geben Sie eine gültige Emailadresse ein.')).toBeVisible();
  await prompt.getByLabel('E-Mail-Adresse des Kunden').fill(` ${client.email} `);
  await prompt.getByRole('button', { name: 'Speichern' }).click();
  await expect(prompt).toBeHidden();

  // The new quote opens full width; the region filter narrows the offer chips.
  const modal = page.getByRole('dialog', { name: `Angebot für ${client.email}` });
  await expect(modal.getByTestId('quote-modal')).toBeVisible();
  await expect(modal.getByText('Kundenkonto vorhanden')).toBeVisible();
  const picker = modal.getByTestId('offer-picker');
  await expect(picker.getByTestId('region-Rest')).toBeVisible();
  const regionFilter = picker.getByTestId('region-filter');
  const amountChips = picker.getByTestId('amount-chips');
  await regionFilter.getByText('Bordeaux', { exact: true }).click();
  await expect(picker.getByTestId('region-Rest')).toBeHidden();
  const bordeaux = picker.getByTestId('region-Bordeaux');
  await expect(bordeaux.locator('label').first()).toBeVisible();
  expect(await bordeaux.locator('label').count()).toBeLessThanOrEqual(10);

  // First offer: 2 cases from Bordeaux.
  const firstWine = await pickFirstOffer(bordeaux);
  await amountChips.getByText('2', { exact: true }).click();
  await picker.getByRole('button', { name: 'Position hinzufügen' }).click();
  const positions = modal.getByTestId('quote-positions');
  await expect(positions.getByText(firstWine)).toBeVisible();

  // Second offer: 1 case from another region, with every region shown again.
  await regionFilter.getByText('Bordeaux', { exact: true }).click();
  await expect(picker.getByTestId('region-Toskana')).toBeVisible();
  const secondRegion = (await picker.getByTestId('region-Toskana').locator('label').count())
    ? picker.getByTestId('region-Toskana')
    : picker.getByTestId('region-Burgund');
  const secondWine = await pickFirstOffer(secondRegion);
  expect(secondWine).not.toBe(firstWine);
  await amountChips.getByText('1', { exact: true }).click();
  await picker.getByRole('button', { name: 'Position hinzufügen' }).click();
  await expect(positions.getByText(secondWine)).toBeVisible();
  await expect(positions.locator('tbody tr')).toHaveCount(2);
  await expect(modal.getByTestId('quote-sales')).not.toHaveText('0,00 €');
  await expect(modal.getByTestId('quote-sunburst').getByText('Bordeaux')).toBeVisible();

  // Position edits: prices in German form, an unreadable one gets its message under the field; a
  // cancelled confirmation restores the value.
  const price = positions.getByLabel(`Preis ${firstWine}`);
  await expect(price).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  await price.fill('12,505');
  await price.press('Enter');
  await expect(positions.getByText(backofficeMessages.priceInput)).toBeVisible();
  await price.press('Escape');
  const amount = positions.getByLabel(`Kisten ${firstWine}`);
  await expect(amount).toHaveValue('2');
  await amount.fill('3');
  await amount.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Änderung speichern?' });
  await expect(confirm).toContainText(`Kisten von ${firstWine}: 2 → 3`);
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(amount).toHaveValue('2');

  // CSV export: the download holds both positions and the totals.
  const downloading = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'CSV exportieren' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`angebot-${client.email}.csv`);
  const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\ufeff/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Wein;Jahrgang;Region;Kisten;Flaschen je Kiste;VK je Flasche;EKP je Flasche;Umsatz;Kosten;Rohertrag;Marge %',
  );
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain(';Bordeaux;2;');
  expect(lines[1]).toContain(firstWine.replace(/ \d{4}$/, ''));
  expect(lines[2]).toContain(secondWine.replace(/ \d{4}$/, ''));
  expect(lines[3]).toMatch(/^Summe;;;3;/);
  const salesCell = lines[3]?.split(';')[7] ?? '';
  await expect(modal.getByTestId('quote-sales')).toHaveText(
    `${Number(salesCell.replace(',', '.')).toLocaleString('de-DE', { minimumFractionDigits: 2 })} €`,
  );

  // The history records the changes.
  await modal.getByRole('button', { name: 'Verlauf' }).click();
  const history = page.getByRole('dialog', { name: `Verlauf: Angebot für ${client.email}` });
  await expect(history.getByTestId('audit-entry').filter({ hasText: 'Wein hinzugefügt' })).toHaveCount(2);
  await history.locator('.mantine-Modal-close').click();
  await expect(history).toBeHidden();
  const salesText = (await modal.getByTestId('quote-sales').textContent()) ?? '';
  await modal.locator('.mantine-Modal-close').first().click();
  await expect(modal).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: client.email }).filter({ hasText: salesText });
  await expect(row).toHaveCount(1);

  // The client sees the quote as the newest adviser offer in "Persönliche Angebote".
  const clientContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const clientPage = await clientContext.newPage();
  await logIn(clientPage, client.email, client.password);
  await clientPage.goto('/admin/selection');
  await expect(clientPage.getByRole('heading', { name: 'Ihre Angebote', level: 1 })).toBeVisible();
  const offer = clientPage.getByTestId('adviser-offer').first();
  await expect(offer.getByRole('heading', { name: `Angebot vom ${today}` })).toBeVisible();
  const clientPositions = offer.getByTestId('proposal-positions').locator('tbody tr');
  await expect(clientPositions).toHaveCount(2);
  await expect(clientPositions.nth(0)).toContainText(firstWine.replace(/ \d{4}$/, ''));
  await expect(clientPositions.nth(1)).toContainText(secondWine.replace(/ \d{4}$/, ''));
  await clientContext.close();

  // Clean-up through the table: the adviser deletes the quote after confirming.
  await row.getByRole('button', { name: `Angebot für ${client.email} löschen` }).click();
  const removal = page.getByRole('dialog', { name: 'Angebot löschen?' });
  await removal.getByRole('button', { name: 'Löschen' }).click();
  await expect(removal).toBeHidden();
  await expect(page.getByText('Angebot gelöscht.')).toBeVisible();
});
