import { type APIRequestContext, expect, test } from '@playwright/test';
import { ORDER_LIST_BLOCKED_TEXT } from '../../src/domain/order-list-texts';
import { registerActivatedClient } from './support/accounts';
import { staffBooksIntoWarehouse, staffChecksOrder } from './support/checkout';
import { logIn } from './support/session';

const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';

interface Account {
  email: string;
  password: string;
}

/** The client's order position of the given wine as the server has it. */
async function savedPosition(request: APIRequestContext, client: Account, title: string) {
  const login = await request.post('/graphql', {
    data: { query: LOGIN, variables: client },
  });
  const token = (await login.json()).data.tokenAuth.token as string;
  const list = await request.post('/graphql', {
    headers: { authorization: `JWT ${token}` },
    data: { query: '{ orderPositionList { amount conditionReport offer { vintage { title year } } } }' },
  });
  const positions = (await list.json()).data.orderPositionList as {
    amount: number;
    conditionReport: boolean;
    offer: { vintage: { title: string; year: number } };
  }[];
  const position = positions.find(
    (entry) => `${entry.offer.vintage.title} ${entry.offer.vintage.year}` === title,
  );
  return position ? { amount: position.amount, conditionReport: position.conditionReport } : null;
}

test('a client orders bindingly, pays on the hosted page and gets a verifiable storage certificate', async ({
  page,
  request,
}) => {
  // Ordering, paying on the hosted page and the certificate: past two minutes on a slow CI machine.
  test.setTimeout(240_000);
  // An own client: other journeys change the demo client's order list at the same time.
  const client = await registerActivatedClient(request, 'checkout', { withBillingAddress: true });
  await logIn(page, client.email, client.password);

  // The first available offer; its depot cards (named without the year) are counted first.
  const addDialog = page.getByRole('dialog', { name: 'Auf Orderliste setzen' });
  await page.goto('/admin/weinangebot');
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).first().click();
  const title = (await addDialog.locator('p').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await addDialog.getByRole('button', { name: 'Zurück' }).click();
  const depotCards = () => page.getByText(title.replace(/\s\d{4}$/, ''), { exact: true });
  await page.goto('/admin/depot');
  await expect(page.getByRole('heading', { name: 'Weindepot' })).toBeVisible();
  const depotCountBefore = await depotCards().count();

  // Add it to the order list: 1 case by default, toast, then the order list.
  await page.goto('/admin/weinangebot');
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).first().click();
  await expect(addDialog.getByLabel('Anzahl Kisten')).toHaveValue('1');
  await addDialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText(`Hinzugefügt: ${title}`)).toBeVisible();
  await expect(page).toHaveURL('/admin/orderlist');

  // Change the amount and flag a condition report: both are saved at once.
  const position = page.getByTestId('order-position').filter({ hasText: title });
  await position.getByLabel('Kisten').fill('2');
  await position.getByLabel('Zustandsbericht').check();
  await expect(page.getByText('98,00 €').first()).toBeVisible();
  // Saved on the server (the amount after its short typing pause), then still there after a reload.
  await expect
    .poll(() => savedPosition(request, client, title))
    .toEqual({ amount: 2, conditionReport: true });
  await page.reload();
  await expect(position.getByLabel('Kisten')).toHaveValue('2');
  await expect(position.getByLabel('Zustandsbericht')).toBeChecked();

  // Bind the order.
  await page.getByRole('button', { name: 'Verbindlich bestellen' }).click();
  const binding = page.getByRole('dialog', { name: 'Verbindliche Bestellung' });
  await binding.getByRole('button', { name: 'Verbindlich bestellen' }).click();
  // The order under check is the page's content, with why nothing can be added now.
  await expect(page.getByRole('heading', { name: 'Ihre Bestellung wird geprüft' })).toBeVisible();
  await expect(page.getByTestId('order-list-blocked')).toHaveText(ORDER_LIST_BLOCKED_TEXT);
  await expect(page.getByText('Ihre Orderliste ist derzeit leer.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zu den Top Angeboten' })).toHaveCount(0);

  // The adviser marks it checked; the client pays with the test card on the hosted page.
  const invoiceNumber = await staffChecksOrder(request, client.email);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Ihre Bestellung ist bereit zur Zahlung/ })).toBeVisible();
  await expect(page.getByTestId('order-list-blocked')).toHaveText(ORDER_LIST_BLOCKED_TEXT);
  await expect(page.getByText('Ihre Orderliste ist derzeit leer.')).toHaveCount(0);
  const [hostedPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Jetzt bezahlen' }).click(),
  ]);
  await hostedPage.waitForURL(/\/pay\/in_local_/, { timeout: 15_000 });
  await expect(hostedPage.getByRole('heading', { name: `Rechnung ${invoiceNumber}` })).toBeVisible();
  await hostedPage.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
  await hostedPage.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(hostedPage.getByText('Ihre Zahlung ist eingegangen')).toBeVisible();
  await hostedPage.close();

  // Back in the portal: thank-you dialog, then the depot with the new wine.
  const thanks = page.getByRole('dialog', { name: 'Vielen Dank für Ihre Zahlung!' });
  await expect(thanks).toBeVisible({ timeout: 15_000 });

  // Another browser (nothing stored on it) gets the thank-you from the server as well.
  const otherBrowser = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, locale: 'de-DE' });
  if (!otherBrowser) throw new Error('Chromium gave no second context');
  const other = await otherBrowser.newPage();
  await logIn(other, client.email, client.password);
  await other.goto('/admin/orderlist');
  const otherThanks = other.getByRole('dialog', { name: 'Vielen Dank für Ihre Zahlung!' });
  await expect(otherThanks).toBeVisible();

  // Closed in the first browser, the server remembers it for every browser.
  const marked = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('MarkPaymentThanksSeen')),
  );
  await thanks.getByRole('link', { name: 'Zum Weindepot' }).click();
  expect((await (await marked).json()).data.markPaymentThanksSeen.success).toBe(true);
  const answered = other.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('UnseenPaymentThanks')),
  );
  await other.reload();
  expect((await (await answered).json()).data.unseenPaymentThanks).toBeNull();
  await expect(other.getByRole('heading', { name: 'Mein Orderbuch' })).toBeVisible();
  await expect(otherThanks).toHaveCount(0);
  await otherBrowser.close();

  await expect(page).toHaveURL('/admin/depot');
  await expect(depotCards().first()).toBeVisible();
  // The depot may show the cached list first and the new positions after its refetch.
  await expect.poll(() => depotCards().count()).toBeGreaterThan(depotCountBefore);

  // Certificate of the paid invoice, and its public verify page.
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { name: 'Zertifikate und Nachweise' })).toBeVisible();
  const row = page.getByTestId('paid-invoice').filter({ hasText: invoiceNumber });
  const [certificateTab] = await Promise.all([
    page.context().waitForEvent('page'),
    row.getByRole('button', { name: 'Einlagerungszertifikat generieren' }).click(),
  ]);
  await expect(page.getByText('Einlagerungsdaten werden authentifiziert …')).toBeVisible();
  const certificateRequest = await certificateTab.waitForRequest(/\/certificate\//, { timeout: 30_000 });
  // Paid, but not yet in the warehouse: no certificate, a German page that says so.
  await expect(
    certificateTab.getByRole('heading', { name: 'Noch kein Einlagerungszertifikat' }),
  ).toBeVisible();
  await expect(
    certificateTab.getByText('Für diese Rechnung lagert noch keine Kiste im Zollfreilager Genf.'),
  ).toBeVisible();
  expect((await request.get(certificateRequest.url())).status()).toBe(409);
  // Once the warehouse has the cases (MRN recorded), the certificate is issued.
  await staffBooksIntoWarehouse(request, client.email);
  const certificate = await request.get(certificateRequest.url());
  expect(certificate.headers()['content-type']).toBe('application/pdf');
  const fingerprint = certificate.headers()['x-certificate-fingerprint'] as string;
  expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  await certificateTab.close();

  await page.goto(`/verify/${fingerprint}`);
  await expect(page.getByText('Dieses Einlagerungszertifikat ist echt')).toBeVisible();
  await expect(page.getByText('Testkundin')).toHaveCount(0);
});
