import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { sellTexts } from '../../src/domain/secondary-market';
import { demoAccounts, demoPassword, registerActivatedClient } from './support/accounts';
import { clientWithCasesInBond } from './support/depot-in-bond';
import { logIn } from './support/session';

// Three people act one after another on a busy 2-core machine: more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  await logIn(page, email, password);
  return page;
}

/** The screen as a desktop (1440 × 900) and a phone (390 × 844) show it, kept with the test's output. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
  }
  if (size) await page.setViewportSize(size);
}

test('a price far below the market value needs the seller’s tick, staff a reason, and the buyer sees every offer of the wine', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(360_000);
  const seller = await clientWithCasesInBond(request, 'zweitmarkt-preis', 2);
  // An asking price of this run only, far below any market value of the demo wines.
  const askCents = 110 + (Date.now() % 80);
  const askText = `1,${String(askCents - 100).padStart(2, '0')}`;

  // Seller: the warning appears on leaving the price field and names the market value's basis.
  await logIn(page, seller.email, seller.password);
  await page.goto('/admin/depot');
  await page
    .getByTestId('sellable-positions')
    .getByRole('button', { name: `${seller.vintageTitle} verkaufen` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${seller.vintageTitle} verkaufen` });
  await dialog.getByLabel('Anzahl Kisten').fill('1');
  const price = dialog.getByLabel('Preis je Flasche (€)');
  await price.fill(askText);
  await expect(dialog.getByTestId('price-deviation')).toHaveCount(0);
  await price.blur();
  const warning = dialog.getByTestId('price-deviation');
  await expect(warning).toContainText(
    /Ihr Preis liegt 9\d % unter dem aktuellen Marktwert von [\d.]+,\d\d € je Flasche \(Wine-Searcher Europa-Ø, Stand \d\d\.\d\d\.\d{4}\)\./,
  );
  const next = dialog.getByRole('button', { name: 'Weiter zur Übersicht' });
  await expect(next).toBeDisabled();
  await shoot(page, 'sell-dialog-warning');
  await warning.getByLabel(sellTexts.deviationConfirm).check();
  await expect(next).toBeEnabled();
  await next.click();

  // The last step sums up what is sent.
  const summary = dialog.getByTestId('sell-summary');
  await expect(summary).toContainText('1 Kiste à');
  await expect(summary).toContainText(`Preis je Flasche${askText} €`);
  await expect(summary).toContainText('Verkaufsprovision 3,5 %');
  await expect(summary).toContainText('Erwarteter Erlös');
  await expect(summary).toContainText('Von Ihnen bestätigt: Ihr Preis liegt');
  await shoot(page, 'sell-dialog-summary');
  await dialog.getByRole('button', { name: 'Verkaufsauftrag senden' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('for-sale-order')).toContainText(`1 Kiste zu ${askText} € je Flasche`);

  // Staff: the approval shows the market value, the house's offer and earlier prices; a price
  // below the asking price is not listed without a reason.
  const staff = await signedInPage(browser, demoAccounts.superuser, demoPassword);
  await staff.goto('/admin/management#zweitmarkt');
  await staff
    .getByTestId('sell-order-row')
    .filter({ hasText: seller.email })
    .getByRole('button', { name: 'Freigeben' })
    .click();
  const approve = staff.getByRole('dialog', { name: /^Verkaufsauftrag \d+ freigeben$/ });
  const comparison = approve.getByTestId('approve-price-comparison');
  await expect(comparison).toContainText(
    /Marktwert je Flasche[\d.]+,\d\d € \(Wine-Searcher Europa-Ø, Stand \d\d\.\d\d\.\d{4}\)/,
  );
  await expect(comparison).toContainText(/Eigenes Angebot je Flasche[\d.]+,\d\d € \(\d+ Kisten? verfügbar\)/);
  await expect(comparison).toContainText('Letzte Zweitmarkt-Preise');
  await approve.getByLabel('Verkaufspreis je Flasche für Käufer (€)').fill('1,00');
  await approve.getByRole('button', { name: 'Als Angebot listen' }).click();
  await expect(approve.getByText(sellTexts.belowAskReasonMissing)).toBeVisible();
  await expect(approve).toBeVisible();
  await shoot(staff, 'approve-dialog-reason');
  await approve
    .getByLabel(/Grund für den Preis unter dem Wunschpreis/)
    .fill('Kulanz: Marktpreis unter dem Wunschpreis');
  await approve.getByRole('button', { name: 'Als Angebot listen' }).click();
  await expect(approve).toHaveCount(0);

  // Buyer: the listing's card in Top Angebote says what it is and leads to every offer of the
  // wine, cheapest first, the house's own offer among them.
  const buyerAccount = await registerActivatedClient(request, 'zweitmarkt-vergleich', {
    withBillingAddress: true,
  });
  const buyer = await signedInPage(browser, buyerAccount.email, buyerAccount.password);
  await buyer.goto('/admin/weinangebot');
  const card = buyer
    .getByTestId('offer-card')
    .filter({ hasText: seller.offerTitle })
    // The listing's own card (the house's card names the listing's price in its link to the others).
    .filter({ has: buyer.getByTestId('resale-origin') })
    .filter({ hasText: '(1,00 € pro Flasche)' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('resale-origin')).toContainText(
    'Aus dem Depot einer anderen Kundin oder eines anderen Kunden · Zollfreilager Genf seit',
  );
  await expect(card).not.toContainText(/Limitierte Allokation|Négociant/i);
  await expect(card.getByTestId('other-offers')).toBeVisible();
  await card.getByTestId('other-offers').click();

  const lines = buyer.getByTestId('comparable-offer');
  await expect(lines.first()).toContainText('Zweitmarkt');
  await expect(lines.first()).toContainText('1,00 € je Flasche');
  await expect(lines.first().getByTestId('comparable-market-value')).toContainText(
    /Marktwert je Flasche: [\d.]+,\d\d € \(Wine-Searcher Europa-Ø, Stand \d\d\.\d\d\.\d{4}\)/,
  );
  const house = lines.filter({ hasText: 'Angebot von Weindepot' });
  await expect(house).not.toHaveCount(0);
  const prices = await lines.evaluateAll((items) =>
    items.map((item) => {
      const match = /([\d.]+,\d\d) € je Flasche/.exec(item.textContent ?? '');
      return match?.[1] ? Number(match[1].replace(/\./g, '').replace(',', '.')) : Number.NaN;
    }),
  );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(house.first().getByRole('button', { name: 'Auf Orderliste setzen' })).toBeEnabled();
  await lines.first().scrollIntoViewIfNeeded();
  await shoot(buyer, 'offer-page-comparison');

  await staff.context().close();
  await buyer.context().close();
});
