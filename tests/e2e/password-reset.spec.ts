import { expect, test } from '@playwright/test';
import { registerActivatedClient } from './support/accounts';
import { waitForMailLink } from './support/mail';
import { submitLoginForm } from './support/session';

test('a client who forgot the password sets a new one through the mailed link', async ({ page, request }) => {
  const { email } = await registerActivatedClient(request, 'password-reset');
  const newPassword = 'Neuesdepot2027!';

  await page.goto('/login');
  await page.getByRole('button', { name: 'Passwort vergessen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(
    page.getByText(
      'Wir haben Ihnen einen Link für die Passwortwiederherstellung zugesendet. Bitte überprüfen Sie Ihr Postfach.',
    ),
  ).toBeVisible();

  const resetLink = await waitForMailLink(email, '/set-password/');
  await page.goto(resetLink);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  await expect(page).toHaveURL('/login');
  await submitLoginForm(page, email, newPassword);
  await expect(page).toHaveURL('/admin/start');
});
