import { expect, type Page, test } from '@playwright/test';
import {
  CANCELLED_TEXT,
  ORDER_LIST_BLOCKED_TEXT,
  PAYMENT_FAILED_TEXT,
} from '../../src/domain/order-list-texts';
import { demoAccounts, demoPassword, registerActivatedClient } from './support/accounts';
import { staffChecksOrder } from './support/checkout';
import { logIn } from './support/session';

const ORDER_LIST_EMPTY = 'Ihre Orderliste ist derzeit leer.';

/**
 * Opens "Top Angebote" through the sidebar (no page load, so an open account nudge stays closed)
 * and puts the first available offer on the order list with the default of 1 case.
 */
async function addFirstOffer(page: Page): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: /^Top Angebote/ })
    .click();
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Auf Orderliste setzen' });
  const title = (await dialog.locator('p').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText(`Hinzugefügt: ${title}`)).toBeVisible();
  await expect(page).toHaveURL('/admin/orderlist');
  return title;
}

async function bindOrder(page: Page) {
  await page.getByRole('button', { name: 'Verbindlich bestellen' }).click();
  await page
    .getByRole('dialog', { name: 'Verbindliche Bestellung' })
    .getByRole('button', { name: 'Verbindlich bestellen' })
    .click();
  await expect(page.getByRole('heading', { name: 'Ihre Bestellung wird geprüft' })).toBeVisible();
}

test('removing a position asks first; while the order is checked, adding is refused', async ({
  page,
  request,
}) => {
  // Set-up, two additions, a removal, a reload and a binding order: over a minute on a loaded CI machine.
  test.setTimeout(120_000);
  const client = await registerActivatedClient(request, 'orderlist-block', { withBillingAddress: true });
  await logIn(page, client.email, client.password);

  const title = await addFirstOffer(page);
  const position = page.getByTestId('order-position').filter({ hasText: title });
  const confirm = page.getByRole('dialog', { name: `${title} entfernen?` });
  await position.getByRole('button', { name: `${title} entfernen` }).click();
  await confirm.getByRole('button', { name: 'Zurück' }).click();
  await expect(confirm).toBeHidden();
  await expect(position).toHaveCount(1);
  await position.getByRole('button', { name: `${title} entfernen` }).click();
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByText(ORDER_LIST_EMPTY)).toBeVisible();
  await page.reload();
  await expect(page.getByText(ORDER_LIST_EMPTY)).toBeVisible();

  await addFirstOffer(page);
  await bindOrder(page);

  // Blocked: the spec's text with "Zurück" (stays) and "Zur Bestellung" (to the order list).
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await navigation.getByRole('link', { name: /^Top Angebote/ }).click();
  const blocked = page.getByRole('dialog', { name: 'Orderliste gesperrt' });
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).first().click();
  await expect(blocked.getByText(ORDER_LIST_BLOCKED_TEXT)).toBeVisible();
  await blocked.getByRole('button', { name: 'Zurück' }).click();
  await expect(blocked).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/weinangebot/);
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).first().click();
  await blocked.getByRole('button', { name: 'Zur Bestellung' }).click();
  await expect(page).toHaveURL(/\/admin\/orderlist\/?$/);
  await expect(page.getByRole('heading', { name: 'Ihre Bestellung wird geprüft' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: /Mein Orderbuch\s*!/ })).toBeVisible();
});

test('a declined card ends in the failed panel with contact and pay link, and a retry pays', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await registerActivatedClient(request, 'orderlist-declined', { withBillingAddress: true });
  await logIn(page, client.email, client.password);
  await addFirstOffer(page);
  await bindOrder(page);
  await staffChecksOrder(request, client.email);
  await page.reload();

  const [declinedTab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Jetzt bezahlen' }).click(),
  ]);
  await declinedTab.waitForURL(/\/pay\/in_local_/, { timeout: 15_000 });
  await declinedTab.getByLabel('Kartennummer').fill('4000 0000 0000 0002');
  await declinedTab.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(declinedTab.getByText('Ihre Karte wurde abgelehnt.')).toBeVisible();
  await declinedTab.close();

  const failed = page.getByTestId('invoice-payment-failed');
  await expect(failed.getByText(PAYMENT_FAILED_TEXT)).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByRole('button', { name: 'Kontakt aufnehmen' })).toBeVisible();
  await expect(failed.getByRole('link', { name: 'Zur Zahlungsseite' })).toHaveAttribute(
    'href',
    /\/pay\/in_local_/,
  );

  const [retryTab] = await Promise.all([
    page.context().waitForEvent('page'),
    failed.getByRole('button', { name: 'Erneut bezahlen' }).click(),
  ]);
  await retryTab.waitForURL(/\/pay\/in_local_/, { timeout: 15_000 });
  // The client leaves the order list while paying in the provider's tab, and comes back later.
  await page.goto('/admin/start');
  await retryTab.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
  await retryTab.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(retryTab.getByText('Ihre Zahlung ist eingegangen')).toBeVisible();
  await retryTab.close();
  await page.goto('/admin/orderlist');
  const thanks = page.getByRole('dialog', { name: 'Vielen Dank für Ihre Zahlung!' });
  await expect(thanks).toBeVisible({ timeout: 15_000 });
  // Shown once: closed, it does not come back.
  await page.keyboard.press('Escape');
  await expect(thanks).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mein Orderbuch' })).toBeVisible();
  await expect(page.getByText(ORDER_LIST_EMPTY)).toBeVisible();
  await expect(thanks).toBeHidden();
});

test('staff cancel a bound order with a reason; the client sees it with the reason and can order again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const client = await registerActivatedClient(request, 'orderlist-cancelled', { withBillingAddress: true });
  await logIn(page, client.email, client.password);
  await addFirstOffer(page);
  await bindOrder(page);

  // Staff choose the request in "Bestellungen und Rechnungen" and cancel it with a reason of their own.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const staff = await staffContext.newPage();
  await logIn(staff, demoAccounts.superuser, demoPassword);
  await staff.goto('/admin/management#orders');
  await staff.getByRole('combobox', { name: 'Rechnung wählen' }).click();
  await staff.getByRole('option', { name: new RegExp(client.email.replace(/\./g, '\\.')) }).click();
  const check = staff.getByTestId('invoice-check');
  await expect(check.getByTestId('customer-email')).toHaveText(client.email);
  await check.getByRole('button', { name: 'Stornieren' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Rechnung stornieren?' });
  const reason = 'Die letzte Kiste war bereits an einen anderen Kunden vergeben.';
  await dialog.getByLabel('Grund (für den Kunden)').fill(reason);
  await dialog.getByRole('button', { name: 'Stornieren' }).click();
  await expect(staff.getByText('Rechnung storniert', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await staffContext.close();

  // The client's order list shows the cancelled request with the reason, and is free again.
  await page.reload();
  const cancelled = page.getByTestId('invoice-cancelled');
  await expect(cancelled.getByText(CANCELLED_TEXT)).toBeVisible({ timeout: 15_000 });
  await expect(cancelled).toContainText(`Grund: ${reason}`);
  await expect(page.getByRole('heading', { name: 'Ihre Bestellung wird geprüft' })).toHaveCount(0);
  await addFirstOffer(page);
  await expect(page.getByTestId('order-position')).toHaveCount(1);
});
