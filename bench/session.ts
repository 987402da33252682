import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../server/seed';

/** Signs the demo account in through `/login` and waits for the start page of the client area. */
export async function logIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await page.waitForURL('**/admin/start');
}
