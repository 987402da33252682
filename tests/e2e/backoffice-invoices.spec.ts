import { expect, test } from '@playwright/test';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

/** The seeded client whose order waits for the availability check (no other journey checks it). */
const CLIENT = 'thomas.keller@example.com';

test.use({ viewport: { width: 1440, height: 900 } });

test('the adviser checks the seeded order of Thomas Keller, who then sees it ready to pay', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccounts.superuser, demoPassword);
  await page.goto('/admin/management#orders');
  await expect(page.getByRole('tab', { name: 'Bestellungen und Rechnungen' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // "Rechnung wählen" lists the invoices in check; choose the client's.
  await page.getByRole('combobox', { name: 'Rechnung wählen' }).click();
  await page.getByRole('option', { name: new RegExp(CLIENT.replace('.', '\\.')) }).click();
  const check = page.getByTestId('invoice-check');
  await expect(check.getByTestId('customer-email')).toHaveText(CLIENT);
  await expect(check.getByText('In Prüfung', { exact: true })).toBeVisible();
  const total = check.getByTestId('invoice-total');
  await expect(total).toHaveText(/€$/);
  const totalBefore = (await total.textContent()) ?? '';

  // A cancelled confirmation aborts the edit and restores the old amount.
  const confirm = page.getByRole('dialog', { name: 'Änderung speichern?' });
  const amount = check.getByLabel(/^Kisten Ornellaia/);
  await expect(amount).toHaveValue('1');
  await amount.fill('3');
  await amount.press('Enter');
  await expect(confirm).toContainText('Anzahl Kisten von 1 auf 3 ändern?');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(amount).toHaveValue('1');
  await expect(total).toHaveText(totalBefore);

  // The price is shown and typed the German way; an unreadable one gets its message under the
  // field, a valid one is saved after confirming.
  const price = check.getByLabel(/^Preis pro Flasche Ornellaia/);
  await expect(price).toHaveValue('239,00');
  await price.fill('229,505');
  await price.press('Enter');
  await expect(check.getByText(backofficeMessages.priceInput)).toBeVisible();
  await expect(confirm).toBeHidden();
  await price.fill('229,50');
  await price.press('Enter');
  await expect(confirm).toContainText('von 239,00 € auf 229,50 € ändern?');
  await confirm.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Position gespeichert')).toBeVisible();
  await expect(price).toHaveValue('229,50');
  await expect(check.getByText(backofficeMessages.priceInput)).toBeHidden();
  // 6 bottles × 9,50 € less, the management fee follows.
  await expect(total).not.toHaveText(totalBefore);
  const totalAfter = (await total.textContent()) ?? '';

  // "Prüfung abschließen" with its confirmation: the invoice leaves the list.
  await check.getByRole('button', { name: 'Prüfung abschließen' }).click();
  const done = page.getByRole('dialog', { name: 'Prüfung abschließen?' });
  await expect(done).toContainText(totalAfter);
  await done.getByRole('button', { name: 'Prüfung abschließen' }).click();
  await expect(page.getByText(/ist bereit zur Zahlung/)).toBeVisible();
  await expect(check).toBeHidden();
  // "Rechnung wählen" now lists it as checked: the date stays correctable, the given number and the positions not.
  await page.reload();
  await page.getByRole('combobox', { name: 'Rechnung wählen' }).click();
  const checkedOption = page.getByRole('option', { name: new RegExp(CLIENT.replace('.', '\\.')) });
  await expect(checkedOption).toHaveCount(1);
  await expect(checkedOption).toContainText('Prüfung abgeschlossen');
  await checkedOption.click();
  await expect(check.getByText('Prüfung abgeschlossen', { exact: true })).toBeVisible();
  await expect(check.getByLabel('Rechnungsnummer')).toBeDisabled();
  await expect(check.getByLabel('Rechnungsdatum')).toBeEnabled();
  await expect(check.getByLabel(/^Kisten Ornellaia/)).toHaveCount(0);
  await expect(check.getByRole('button', { name: 'Prüfung abschließen' })).toHaveCount(0);

  // The client sees the corrected invoice ready to pay.
  const clientContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const clientPage = await clientContext.newPage();
  await logIn(clientPage, CLIENT, demoPassword);
  await clientPage.goto('/admin/orderlist');
  const ready = clientPage.getByTestId('invoice-check-done');
  await expect(ready.getByRole('heading', { name: /Ihre Bestellung ist bereit zur Zahlung/ })).toBeVisible();
  await expect(ready).toContainText(totalAfter);
  await clientContext.close();
});
