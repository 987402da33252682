import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword } from './support/accounts';
import { logIn, submitLoginForm } from './support/session';

test('a wrong password is refused with a German message', async ({ page }) => {
  await page.goto('/login');
  await submitLoginForm(page, demoAccounts.client, 'Falsch2026!');

  await expect(page.getByText('Bitte überprüfen Sie Ihre Emailadresse und Ihr Passwort.')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a protected page asks for the login and is shown after it', async ({ page }) => {
  await page.goto('/admin/depot');
  await expect(page).toHaveURL('/login');

  await submitLoginForm(page, demoAccounts.client, demoPassword);
  await expect(page).toHaveURL('/admin/depot');
});

test('after logging out the client area asks for the login again', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/admin/start');
  await expect(page).toHaveURL('/login');
});
