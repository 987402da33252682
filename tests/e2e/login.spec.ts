import { expect, test } from '@playwright/test';
import { LEGAL_PAGES } from '../../src/domain/legal-pages';
import { demoAccounts, demoPassword, uniqueEmail } from './support/accounts';
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

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/admin/start');
  await expect(page).toHaveURL('/login');
});

test('the entry screen links the legal pages in the app and the public site in a new tab', async ({
  page,
}) => {
  await page.goto('/login');
  const footer = page.getByRole('contentinfo');
  const legal = footer.getByRole('navigation', { name: 'Rechtliches' });
  for (const { label, path } of LEGAL_PAGES) {
    const link = legal.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', path);
    await expect(link).not.toHaveAttribute('target', '_blank');
  }
  for (const label of ['Blog', 'Über uns']) {
    const link = footer.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
  }
});

test('a login before the activation shows where the link is and empties the form', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('not-activated');
  const registered = await request.post('/graphql', {
    data: {
      query: `mutation ($email: String!, $password: String!) {
        register(email: $email, password: $password, passwordRepeat: $password, firstName: "Nina", lastName: "Neu") {
          success
        }
      }`,
      variables: { email, password: demoPassword },
    },
  });
  expect(
    ((await registered.json()) as { data: { register: { success: boolean } } }).data.register.success,
  ).toBe(true);

  await page.goto('/login');
  await submitLoginForm(page, email, demoPassword);
  await expect(
    page.getByText(
      'Ihr Nutzerkonto wurde noch nicht aktiviert. Den Aktivierungslink finden Sie in Ihrem Email-Postfach.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue('');
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL('/login');
});
