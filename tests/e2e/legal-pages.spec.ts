import { expect, type Page, test } from '@playwright/test';
import { DEMO_COMPANY } from '../../server/company';
import { wineSeeds } from '../../server/seed/data/wines';
import { LEGAL_PAGES } from '../../src/domain/legal-pages';
import { demoAccounts, demoPassword } from './support/accounts';
import { goOffline, goOnline } from './support/network';
import { logIn } from './support/session';

const sassicaia = wineSeeds.find((seed) => seed.key === 'sassicaia');
if (!sassicaia) throw new Error('The seed has no Sassicaia');
const OFFER_PATH = `/angebot/${sassicaia.lwin}2019`;

/** The page's footer navigation "Rechtliches" has the five legal pages, each leading to its h1. */
async function expectLegalNavigation(page: Page) {
  const navigation = page.getByRole('navigation', { name: 'Rechtliches' });
  for (const legal of LEGAL_PAGES)
    await expect(navigation.getByRole('link', { name: legal.label, exact: true })).toHaveAttribute(
      'href',
      legal.path,
    );
}

test('each legal page is reachable from the login, titled by its h1, with the provider from the configuration', async ({
  page,
}) => {
  await page.goto('/login');
  await expectLegalNavigation(page);
  for (const legal of LEGAL_PAGES) {
    await page.goto('/login');
    await page
      .getByRole('navigation', { name: 'Rechtliches' })
      .getByRole('link', { name: legal.label })
      .click();
    await expect(page).toHaveURL(legal.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    await expect(page.getByRole('note').filter({ hasText: 'Mustertext' })).toBeVisible();
    await expect(page).toHaveTitle(`${legal.title} · Weindepot`);
  }
  await page.goto('/impressum');
  for (const value of [DEMO_COMPANY.name, DEMO_COMPANY.register, DEMO_COMPANY.vatId, DEMO_COMPANY.phone])
    await expect(page.getByRole('main')).toContainText(value);
  await page.goto('/widerruf');
  await expect(page.getByRole('main')).toContainText('§\u00a0312g Abs.\u00a02 Nr.\u00a05 BGB');
});

test('the client area and the public offer page link the legal pages', async ({ page }) => {
  await page.goto(OFFER_PATH);
  await expectLegalNavigation(page);
  await logIn(page, demoAccounts.client, demoPassword);
  await page.goto('/admin/depot');
  await expectLegalNavigation(page);
  await page
    .getByRole('navigation', { name: 'Rechtliches' })
    .getByRole('link', { name: 'Datenschutz' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
});

test('a legal page never opened before reads complete offline, the service worker blocked too', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await goOffline(context);
  try {
    await page.goto('/impressum');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expect(page.getByRole('main')).toContainText(DEMO_COMPANY.name);
    await expect(page.getByRole('main')).toContainText(DEMO_COMPANY.address);
    await page
      .getByRole('navigation', { name: 'Rechtliches' })
      .getByRole('link', { name: 'Barrierefreiheit' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erklärung zur Barrierefreiheit');
    await expect(page.getByRole('main')).toContainText(DEMO_COMPANY.email);
  } finally {
    await goOnline(context);
  }
});
