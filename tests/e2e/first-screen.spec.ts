/**
 * The login page and the public offer page arrive as HTML: readable before any
 * JavaScript runs, and taken over by the app without a hydration error, so typing, submitting and
 * the offer's buttons work as before.
 */
import { expect, type Page, test } from '@playwright/test';
import { wineSeeds } from '../../server/seed/data/wines';
import { demoAccounts, demoPassword } from './support/accounts';
import { submitLoginForm } from './support/session';

const sassicaia = wineSeeds.find((seed) => seed.key === 'sassicaia');
if (!sassicaia) throw new Error('The seed has no Sassicaia');
const SASSICAIA_2019 = `${sassicaia.lwin}2019`;

/** Errors of the page: console errors and uncaught ones (React reports a hydration mismatch there). */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page shows its form, and a submit puts nothing into the address', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByText('Melden Sie sich an, um Ihr Weindepot zu sehen.')).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
    // The controls say they are not usable yet; a forced click submits the form the browser's way.
    await page.getByRole('button', { name: 'Einloggen' }).click({ force: true });
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  test('the public offer page shows the wine', async ({ page }) => {
    await page.goto(`/angebot/${SASSICAIA_2019}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sassicaia 2019' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Jetzt sichern' })).toBeVisible();
  });
});

test('the app takes the login page over: typing and submitting sign in, without an error', async ({
  page,
}) => {
  const errors = recordErrors(page);
  await page.goto('/login');
  await submitLoginForm(page, demoAccounts.client, demoPassword);
  await expect(page).toHaveURL('/admin/start', { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('the app takes the public offer page over: its buttons work, without an error', async ({ page }) => {
  const errors = recordErrors(page);
  await page.goto(`/angebot/${SASSICAIA_2019}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sassicaia 2019' })).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt sichern' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Noch kein Account?' })).toBeVisible();
  expect(errors).toEqual([]);
});
