import { expect, test } from '@playwright/test';
import { demoPassword, uniqueEmail } from './support/accounts';
import { waitForMailLink } from './support/mail';
import { submitLoginForm } from './support/session';

test('a visitor registers, activates the account from the mail and logs in', async ({ page }) => {
  const email = uniqueEmail('registration');

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Registrierung' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(demoPassword);
  await page.getByLabel('Passwort wiederholen').fill(demoPassword);
  await page.getByRole('radio', { name: 'Frau' }).check();
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByRole('checkbox', { name: /älter als 18 Jahre/ }).check();
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzrichtlinien/ }).check();

  // The e-mail address is validated two seconds after typing stops; only then is the button enabled.
  const registerButton = page.getByRole('button', { name: 'Registrieren' });
  await expect(registerButton).toBeEnabled();
  await registerButton.click();

  await expect(
    page.getByText(
      'Bitte bestätigen Sie nun Ihre Emailadresse mit der Aktivierungsemail, die wir Ihnen zugesendet haben.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');

  const activationLink = await waitForMailLink(email, '/activate/');
  await page.goto(activationLink);
  await expect(page.getByText('Konto erfolgreich aktiviert!')).toBeVisible();
  await expect(page).toHaveURL('/login');

  await submitLoginForm(page, email, demoPassword);
  await expect(page).toHaveURL('/admin/start');
});
