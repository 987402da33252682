import { expect, type Page, test } from '@playwright/test';
import { wineSeeds } from '../../server/seed/data/wines';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn } from './support/session';

const SKIP_LINK = 'Zum Inhalt springen';
const sassicaia = wineSeeds.find((seed) => seed.key === 'sassicaia');
if (!sassicaia) throw new Error('The seed has no Sassicaia');
const OFFER_PATH = `/angebot/${sassicaia.lwin}2019`;

/** The first Tab of a fresh page reaches the skip link; it shows, and Enter takes the focus to the page's main. */
async function expectSkipLinkFirst(page: Page) {
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const link = page.getByRole('link', { name: SKIP_LINK });
  await expect(link).toBeFocused();
  // Shown while focused (it sits above the page's top edge otherwise).
  const box = await link.boundingBox();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  // The next Tab goes on inside the page's content, past the top bar and the navigation.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
}

/** The outline the focused element draws, as the browser computes it. */
function focusOutline(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`Tastatur (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('the entry page starts with the skip link, and a focused input shows a clear ring', async ({
      page,
    }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Einloggen' })).toBeVisible();
      await expectSkipLinkFirst(page);
      await page.getByLabel('E-Mail').focus();
      expect(await focusOutline(page)).toEqual({ width: 2, style: 'solid' });
    });

    test('the public offer page and the client area start with the skip link', async ({ page }) => {
      await page.goto(OFFER_PATH);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectSkipLinkFirst(page);
      await logIn(page, demoAccounts.client, demoPassword);
      await page.goto('/admin/orderlist');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectSkipLinkFirst(page);
      // A button reached by keyboard shows the ring too.
      await page.keyboard.press('Tab');
      const outline = await focusOutline(page);
      expect(outline.width).toBeGreaterThanOrEqual(2);
      expect(outline.style).toBe('solid');
    });
  });
}
