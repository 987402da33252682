import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { registerActivatedClient } from './support/accounts';
import { staffBooksIntoWarehouse, staffChecksOrder } from './support/checkout';

// A client's whole way through the portal by keyboard alone: ordering, paying, selling and the
// export on a busy 2-core machine, each state given more time than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * What the focused element shows of its focus: the outline of it, or of the nearest element
 * around it that draws one (a visually hidden radio's label, a switch's track).
 */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return { tag: 'BODY', width: 0, style: 'none', own: false };
    for (let element: Element | null = active, depth = 0; element && depth < 3; depth += 1) {
      const style = getComputedStyle(element);
      const width = Number.parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width > 0) {
        return { tag: active.tagName, width, style: style.outlineStyle, own: element === active };
      }
      element = element.parentElement;
    }
    return { tag: active.tagName, width: 0, style: 'none', own: false };
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` holds the focus, and at every stop on
 * the way checks that the focus is clearly visible: a solid outline of 2 px or more.
 */
async function tabTo(page: Page, target: Locator, { limit = 120, backwards = false } = {}) {
  await expect(target).toBeVisible();
  for (let stop = 0; stop < limit; stop += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const indicator = await focusIndicator(page);
    if (indicator.tag !== 'BODY') {
      expect(indicator.width, `the focus on a ${indicator.tag} is visible`).toBeGreaterThanOrEqual(2);
    }
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached in ${limit} tab stops`);
}

/** Opens a link of the client area's navigation (behind the menu button on a phone) by keyboard. */
async function navigateTo(page: Page, name: RegExp, phone: boolean) {
  await page.locator('body').focus();
  if (phone) {
    await tabTo(page, page.getByRole('button', { name: 'Menü öffnen' }));
    await page.keyboard.press('Enter');
  }
  await tabTo(page, page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name }));
  await page.keyboard.press('Enter');
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 768;

  test(`by keyboard alone (${viewport.width}×${viewport.height}): sign in, find and filter offers, order, pay, sell a case, export the depot`, async ({
    page,
    request,
  }) => {
    // Ordering, paying, the warehouse's booking and a sale: minutes on a slow CI machine.
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const client = await registerActivatedClient(request, `keyboard-${viewport.width}`, {
      withBillingAddress: true,
    });

    // Sign in: the skip link comes first, then the form, sent with Enter.
    await page.goto('/login');
    await tabTo(page, page.getByRole('link', { name: 'Zum Inhalt springen' }), { limit: 1 });
    await tabTo(page, page.getByLabel('E-Mail'));
    await page.keyboard.type(client.email);
    await tabTo(page, page.getByLabel('Passwort', { exact: true }));
    await page.keyboard.type(client.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/admin/start', { timeout: 30_000 });

    // Top Angebote: search, and filter by country with the keyboard's list box.
    await navigateTo(page, /^Top Angebote/, phone);
    await expect(page).toHaveURL('/admin/weinangebot');
    const available = page.getByRole('region', { name: 'Verfügbare Angebote' });
    await expect(available.getByRole('link').first()).toBeVisible();
    if (phone) {
      // On a phone the filters open behind their button.
      await tabTo(page, page.getByRole('button', { name: /^Filter/ }));
      await page.keyboard.press('Enter');
    }
    await tabTo(page, page.getByRole('combobox', { name: 'Land' }));
    await page.keyboard.press('ArrowDown');
    const italy = page.getByRole('option', { name: 'Italien', exact: true });
    await expect(italy).toBeVisible();
    for (
      let step = 0;
      step < 20 && (await italy.getAttribute('data-combobox-selected')) === null;
      step += 1
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue('Italien');
    await expect(available.getByRole('link', { name: /Château Margaux/ })).toHaveCount(0);
    await tabTo(page, page.getByRole('searchbox', { name: 'Suche' }));
    await page.keyboard.type('sassicaia');
    await expect(available.getByRole('link', { name: 'Sassicaia 2019' })).toBeVisible();

    // Put it on the order list from its card.
    const card = available.getByTestId('offer-card').filter({ hasText: 'Sassicaia 2019' });
    await tabTo(page, card.getByRole('button', { name: 'Auf Orderliste setzen' }));
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Auf Orderliste setzen' });
    await expect(addDialog.getByLabel('Anzahl Kisten')).toHaveValue('1');
    await tabTo(page, addDialog.getByRole('button', { name: 'Hinzufügen' }));
    await page.keyboard.press('Enter');
    await expect(addDialog).toBeHidden();

    // The order list: change the amount, then order bindingly.
    await navigateTo(page, /^Mein Orderbuch/, phone);
    await expect(page).toHaveURL('/admin/orderlist');
    const position = page.getByTestId('order-position').filter({ hasText: 'Sassicaia 2019' });
    const cases = position.getByLabel('Kisten');
    await tabTo(page, cases);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect(cases).toHaveValue('2');
    // The binding order below orders what the box shows, even right after typing.
    await tabTo(page, page.getByRole('button', { name: 'Verbindlich bestellen' }));
    await page.keyboard.press('Enter');
    const binding = page.getByRole('dialog', { name: 'Verbindliche Bestellung' });
    await tabTo(page, binding.getByRole('button', { name: 'Verbindlich bestellen' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Ihre Bestellung wird geprüft' })).toBeVisible();

    // The adviser checks it; the client pays on the hosted page, by keyboard as well.
    const invoiceNumber = await staffChecksOrder(request, client.email);
    await page.reload();
    await expect(page.getByRole('heading', { name: /Ihre Bestellung ist bereit zur Zahlung/ })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Jetzt bezahlen' });
    await tabTo(page, pay);
    const [hosted] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await hosted.waitForURL(/\/pay\/in_local_/, { timeout: 15_000 });
    await expect(hosted.getByRole('heading', { name: `Rechnung ${invoiceNumber}` })).toBeVisible();
    await tabTo(hosted, hosted.getByLabel('Kartennummer'));
    await hosted.keyboard.type('4242 4242 4242 4242');
    await hosted.keyboard.press('Enter');
    await expect(hosted.getByText('Ihre Zahlung ist eingegangen')).toBeVisible();
    await hosted.close();
    const thanks = page.getByRole('dialog', { name: 'Vielen Dank für Ihre Zahlung!' });
    await expect(thanks).toBeVisible({ timeout: 15_000 });
    await tabTo(page, thanks.getByRole('link', { name: 'Zum Weindepot' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/admin/depot');
    await expect(page.getByText('2 Kisten à 6 × 0,75l (12 Flaschen)')).toBeVisible();

    // The cases arrive in the warehouse; the client sells one of them.
    await staffBooksIntoWarehouse(request, client.email);
    // "Jetzt synchronisieren" in the sync status's popover fetches what changed.
    const status = page.getByTestId('sync-status');
    await expect(status).toHaveAttribute('data-phase', /^(idle|synced)$/);
    await page.locator('body').focus();
    await tabTo(page, status);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Jetzt synchronisieren' }));
    await page.keyboard.press('Enter');
    await expect(status).toHaveAttribute('data-phase', 'synced', { timeout: 90_000 });
    await page.keyboard.press('Escape');
    const sell = page
      .getByTestId('sellable-positions')
      .getByRole('button', { name: 'Sassicaia 2019 verkaufen' });
    await tabTo(page, sell);
    await page.keyboard.press('Enter');
    const sellDialog = page.getByRole('dialog', { name: 'Sassicaia 2019 verkaufen' });
    await tabTo(page, sellDialog.getByLabel('Anzahl Kisten'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await tabTo(page, sellDialog.getByLabel('Preis je Flasche (€)'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('250,00');
    await tabTo(page, sellDialog.getByRole('button', { name: 'Weiter zur Übersicht' }));
    await page.keyboard.press('Enter');
    await tabTo(page, sellDialog.getByRole('button', { name: 'Verkaufsauftrag senden' }));
    await page.keyboard.press('Enter');
    await expect(sellDialog).toBeHidden();
    await expect(page.getByText('Verkaufsauftrag').first()).toBeVisible();

    // The depot's Excel export, started by keyboard.
    await page.locator('body').focus();
    const excel = page.getByRole('button', { name: 'Excel herunterladen' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await tabTo(page, excel);
        await page.keyboard.press('Enter');
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{8}Weindepot\.xlsx$/);
  });
}
