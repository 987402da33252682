import { expect, type Page, test } from '@playwright/test';
import { wineSeeds } from '../../server/seed/data/wines';
import { demoPassword, uniqueEmail } from './support/accounts';
import { waitForMailLink } from './support/mail';
import { submitLoginForm } from './support/session';

/** Fills the registration form with a valid new client and submits it. */
async function registerThroughForm(page: Page, email: string): Promise<void> {
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
}

test('a visitor registers, activates the account from the mail and logs in', async ({ page }) => {
  const email = uniqueEmail('registration');

  await page.goto('/register');
  await registerThroughForm(page, email);

  const activationLink = await waitForMailLink(email, '/activate/');
  await page.goto(activationLink);
  await expect(page.getByText('Konto erfolgreich aktiviert!')).toBeVisible();
  await expect(page).toHaveURL('/login');

  await submitLoginForm(page, email, demoPassword);
  await expect(page).toHaveURL('/admin/start');
});

test('a registration from an offer leads to that offer after activation and login', async ({ page }) => {
  const lafite = wineSeeds.find((seed) => seed.key === 'lafite');
  if (!lafite) throw new Error('The seed has no Château Lafite Rothschild');
  const lwin11 = `${lafite.lwin}2010`;
  const email = uniqueEmail('registration-offer');

  // The lwin of the route is carried into the registration and so into the activation link.
  await page.goto(`/register/${lwin11}`);
  await registerThroughForm(page, email);
  const activationLink = await waitForMailLink(email, '/activate/');
  expect(new URL(activationLink).pathname).toMatch(new RegExp(`^/activate/[^/]+/${lwin11}$`));

  await page.goto(activationLink);
  await expect(page.getByText('Konto erfolgreich aktiviert!')).toBeVisible();
  await expect(page.getByText('...Sie werden weitergeleitet.')).toBeVisible();
  // After 2 seconds to /admin/angebot/<lwin>; without a session the guard asks for the login first
  // and remembers the offer.
  await expect(page).toHaveURL('/login');
  await submitLoginForm(page, email, demoPassword);
  await expect(page).toHaveURL(`/admin/angebot/${lwin11}`);
});

test('the e-mail and phone are checked two seconds after typing stops, the activation redirects after two seconds', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Registrierung' })).toBeVisible();
  // Stop the page's clock so the messages can be checked at exact moments.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

  const emailMessage = page.getByText('Bitte geben Sie eine gültige Emailadresse ein.');
  const phoneMessage = page.getByText('Bitte geben Sie eine gültige Telefonnummer ein.');
  await page.getByLabel('E-Mail').fill('erika@beispiel');
  await page.getByLabel('Telefon').fill('1234');
  await page.clock.runFor(1_900);
  await expect(emailMessage).toBeHidden();
  await expect(phoneMessage).toBeHidden();
  await page.clock.runFor(200);
  await expect(emailMessage).toBeVisible();
  await expect(phoneMessage).toBeVisible();

  // Typing again restarts the wait; a corrected value loses its message at once.
  await page.getByLabel('E-Mail').fill('erika@beispiel.de');
  await expect(emailMessage).toBeHidden();
  await page.getByLabel('Telefon').fill('+49 30 1234567');
  await expect(phoneMessage).toBeHidden();

  // Activation: "Konto erfolgreich aktiviert!", then two seconds until the login.
  const email = uniqueEmail('registration-timing');
  await page.clock.resume();
  await registerThroughForm(page, email);
  const activationLink = await waitForMailLink(email, '/activate/');
  // The page loads with the clock running; when the activation request leaves, the clock stops
  // and then moves in steps of 10 ms until the answer is shown, so the two seconds are counted
  // from that moment, however long the server took.
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('activate(')) {
      // Far enough ahead that the running clock cannot pass it before the call arrives.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    }
    await route.continue();
  });
  await page.goto(activationLink);
  const activated = page.getByText('Konto erfolgreich aktiviert!');
  await expect
    .poll(async () => {
      await page.clock.runFor(10);
      return activated.isVisible();
    })
    .toBe(true);
  await page.clock.runFor(1_900);
  await expect(page).toHaveURL(/\/activate\//);
  await page.clock.runFor(200);
  await expect(page).toHaveURL('/login');
});
