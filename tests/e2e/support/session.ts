import { expect, type Page } from '@playwright/test';

/** Fills and submits the login form shown on the current page (/login, or where a guard sent the visitor). */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
}

/** Logs in through the form at /login and waits for the start page of the client area. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLoginForm(page, email, password);
  // Signing in hashes the password (argon2) and boots the client area: slow on a busy machine.
  await expect(page).toHaveURL('/admin/start', { timeout: 30_000 });
}
