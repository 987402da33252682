import { expect, type Page, test } from '@playwright/test';
import { businessDay } from '../../src/domain/dates';
import { demoAccounts, demoPassword, registerActivatedClient, uniqueEmail } from './support/accounts';
import { waitForMailLink } from './support/mail';
import { logIn, submitLoginForm } from './support/session';

const NUDGE_TITLE = 'Bitte vervollständigen Sie Ihre Accountdaten';

/** Logs in where the nudge may open on top of the start page. */
async function logInAnyStart(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await submitLoginForm(page, email, demoPassword);
  await expect(page).toHaveURL('/admin/start');
}

test('neukunde@example.com is asked for the missing account data on load', async ({ page }) => {
  await logInAnyStart(page, 'neukunde@example.com');
  const nudge = page.getByRole('dialog', { name: NUDGE_TITLE });
  await expect(nudge).toBeVisible();
  await expect(nudge.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Jonas');
  await expect(nudge.getByRole('textbox', { name: 'Stadt' })).toHaveValue('');
  // Dismissed without saving, so the shared demo account stays incomplete for other journeys.
  await page.keyboard.press('Escape');
  await expect(nudge).toBeHidden();
});

test('a new client fills the nudging dialog and it closes itself', async ({ page, request }) => {
  const client = await registerActivatedClient(request, 'nudge');
  await logInAnyStart(page, client.email);
  const nudge = page.getByRole('dialog', { name: NUDGE_TITLE });
  await expect(nudge).toBeVisible();

  await nudge.getByRole('button', { name: 'Speichern' }).click();
  await expect(nudge.getByText('Bitte geben Sie eine Telefonnummer an.')).toBeVisible();
  await expect(nudge.getByText('Bitte geben Sie eine Stadt an.')).toBeVisible();

  await nudge.getByRole('textbox', { name: 'Telefon' }).fill('+49 30 1234567');
  await nudge.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Weinbergweg 3');
  await nudge.getByRole('textbox', { name: 'Postleitzahl' }).fill('10119');
  await nudge.getByRole('textbox', { name: 'Stadt' }).fill('Berlin');
  await nudge.getByRole('button', { name: 'Speichern' }).click();

  await expect(page.getByText('Ihre Accountdaten wurden aktualisiert.')).toBeVisible();
  await expect(nudge).toBeHidden();

  // The settings dialog now shows the saved data; after a reload nothing nudges any more.
  await page.reload();
  await page.getByRole('button', { name: 'Accounteinstellungen' }).click();
  const settings = page.getByRole('dialog', { name: 'Accounteinstellungen' });
  await expect(settings.getByRole('textbox', { name: 'Stadt' })).toHaveValue('Berlin');
  await expect(page.getByRole('dialog', { name: NUDGE_TITLE })).toHaveCount(0);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} the account dialog shows "Speichern" without scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logIn(page, demoAccounts.client, demoPassword);
    await page.getByRole('button', { name: 'Accounteinstellungen' }).filter({ visible: true }).click();
    const settings = page.getByRole('dialog', { name: 'Accounteinstellungen' });
    await expect(settings.getByLabel('Vorname')).toBeVisible();
    const save = settings.getByRole('button', { name: 'Speichern' });
    // Inside the window and not covered or clipped by the dialog's scrolling content.
    await expect(save).toBeInViewport({ ratio: 1 });
    const onTop = await save.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(onTop).toBe(true);
    // Still there after scrolling the form to its top and its end.
    await settings.getByLabel('Vorname').focus();
    await expect(save).toBeInViewport({ ratio: 1 });
    await settings.getByText('Push-Benachrichtigungen auf diesem Gerät').scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport({ ratio: 1 });
  });
}

test('the password link goes to the own address; a new e-mail applies once its link is opened', async ({
  page,
  request,
}) => {
  const client = await registerActivatedClient(request, 'account');
  await logInAnyStart(page, client.email);
  // The nudge opens first (no phone and address yet); this journey uses the settings dialog instead.
  await expect(page.getByRole('dialog', { name: NUDGE_TITLE })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Accounteinstellungen' }).click();
  let settings = page.getByRole('dialog', { name: 'Accounteinstellungen' });
  await settings.getByRole('button', { name: 'Passwort-Link anfordern' }).click();
  await expect(
    page.getByText(`Wir haben Ihnen einen Passwort-Link an ${client.email} gesendet.`),
  ).toBeVisible();
  await expect(settings).toBeHidden();
  await waitForMailLink(client.email, '/set-password/');

  const newEmail = uniqueEmail('neue-adresse');
  await page.getByRole('button', { name: 'Accounteinstellungen' }).click();
  settings = page.getByRole('dialog', { name: 'Accounteinstellungen' });
  await settings.getByRole('textbox', { name: 'E-Mail' }).fill(newEmail);
  await settings.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Am Weinberg 1');
  await settings.getByRole('textbox', { name: 'Postleitzahl' }).fill('55116');
  await settings.getByRole('textbox', { name: 'Stadt' }).fill('Mainz');
  await settings.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText(`Wir haben Ihnen einen Bestätigungslink an ${newEmail} gesendet.`, { exact: false }),
  ).toBeVisible();

  const link = await waitForMailLink(newEmail, '/confirm-email/');
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Ihre neue Emailadresse ist bestätigt.', { exact: false })).toBeVisible();
  const login = await request.post('/graphql', {
    data: {
      query:
        'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
      variables: { email: newEmail, password: demoPassword },
    },
  });
  expect(
    ((await login.json()) as { data: { tokenAuth: { token: string } } }).data.tokenAuth.token,
  ).toBeTruthy();
});

test('the contact form with callback sends and closes 2.5 seconds after thanking', async ({
  page,
  request,
}) => {
  // Its own client: the sent request is recorded for the account that sent it.
  const client = await registerActivatedClient(request, 'contact', { withBillingAddress: true });
  await logIn(page, client.email, client.password);
  await page.getByTestId('contact-avatar').click();
  const contact = page.getByRole('dialog', { name: 'Kontakt aufnehmen' });
  await expect(contact).toBeVisible();
  const send = contact.getByRole('button', { name: 'Absenden' });
  await expect(send).toBeDisabled();

  await contact
    .getByRole('textbox', { name: 'Ihre Nachricht' })
    .fill('Ich interessiere mich für Bordeaux 2019.');
  await expect(contact.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika');
  await expect(send).toBeDisabled();
  await contact.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await expect(send).toBeEnabled();

  await contact.getByRole('checkbox', { name: 'Ich bitte um einen Rückruf' }).check();
  const phone = contact.getByRole('textbox', { name: 'Telefon' });
  await phone.fill('');
  await expect(send).toBeDisabled();
  await phone.fill('+49 89 12345678');
  await expect(send).toBeEnabled();
  // 24-hour picker: tomorrow at the default 10:00.
  await contact.getByRole('button', { name: 'Wunschtermin für den Rückruf' }).click();
  // Tomorrow as the browser (Europe/Berlin) counts days, whatever the time zone of this process.
  const [year, monthNumber, dayNumber] = businessDay(new Date(Date.now() + 24 * 3600 * 1000))
    .split('-')
    .map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
  const dayLabel = `${dayNumber} ${monthName} ${year}`;
  if ((await page.getByRole('button', { name: dayLabel, exact: true }).count()) === 0) {
    await page.locator('[data-direction="next"]').first().click();
  }
  await page.getByRole('button', { name: dayLabel, exact: true }).click();
  await page.getByRole('button', { name: 'Termin übernehmen' }).click();
  const day = String(dayNumber).padStart(2, '0');
  const month = String(monthNumber).padStart(2, '0');
  await expect(contact.getByRole('button', { name: 'Wunschtermin für den Rückruf' })).toHaveText(
    `${day}.${month}.${year} 10:00`,
  );

  await send.click();
  const thanks = contact.getByText('Danke für Ihre Anfrage! Wir melden uns bei Ihnen.');
  await expect(thanks).toBeVisible();
  const shownAt = Date.now();
  await expect(contact).toBeHidden({ timeout: 6_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_000);
});

test('a referral message is generated, copied and reset', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, demoAccounts.client, demoPassword);
  await page.getByRole('button', { name: 'Jetzt weiterempfehlen' }).click();
  const referral = page.getByRole('dialog', { name: 'Weindepot weiterempfehlen' });
  const generate = referral.getByRole('button', { name: 'Text erstellen' });
  await expect(generate).toBeDisabled();

  await referral.getByText('Frau', { exact: true }).click();
  await referral.getByRole('textbox', { name: 'Vorname' }).fill('Clara');
  await expect(generate).toBeDisabled();
  await referral.getByRole('textbox', { name: 'Nachname' }).fill('Wagner');
  await generate.click();

  const message = referral.getByTestId('referral-message');
  await expect(message).toContainText('Liebe Clara,');
  await expect(message).toContainText('Viele Grüße');
  await expect(referral.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();

  await referral.getByText('Sie', { exact: true }).click();
  await referral.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(message).toContainText('Sehr geehrte Frau Wagner,');

  await referral.getByRole('button', { name: 'Text kopieren' }).click();
  await expect(referral.getByRole('button', { name: 'Text kopiert!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Sehr geehrte Frau Wagner,');

  await referral.getByRole('button', { name: 'Weitere Person empfehlen' }).click();
  await expect(message).toHaveCount(0);
  await expect(referral.getByRole('textbox', { name: 'Vorname' })).toHaveValue('');
  await expect(referral.getByRole('button', { name: 'Text erstellen' })).toBeDisabled();
});

test('a sold-out request turns into the thank-you state', async ({ page, request }) => {
  // Its own client: the stored request would otherwise disable the button for everyone after.
  const client = await registerActivatedClient(request, 'sold-out', { withBillingAddress: true });
  await logIn(page, client.email, client.password);
  // Château Lafite Rothschild 2010: its only offer has no bottles left in the seed.
  await page.goto('/admin/angebot/10123162010');
  const notice = page.getByTestId('sold-out-notice');
  await expect(notice).toContainText('Château Lafite Rothschild 2010 ist bereits ausverkauft');
  const inform = notice.getByRole('button', { name: 'Als Erster informiert werden' });
  await inform.click();
  await expect(notice.getByText('Danke! Wir melden uns, wenn es soweit ist.')).toBeVisible();
  await expect(inform).toBeDisabled();

  await page.reload();
  await expect(
    page.getByTestId('sold-out-notice').getByRole('button', { name: 'Als Erster informiert werden' }),
  ).toBeDisabled();
});

test('the sidebar shows the badges of personal offers and the order list', async ({ page }) => {
  await logIn(page, demoAccounts.client, demoPassword);
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation.getByRole('link', { name: /Top Angebote\s*NEU/ })).toBeVisible();
  await expect(navigation.getByRole('link', { name: /Persönliche Angebote\s*\d+/ })).toBeVisible();
  await expect(navigation.getByRole('link', { name: /Mein Orderbuch\s*1/ })).toBeVisible();
});

test('a client blocked by the order check sees "!" on the order list', async ({ page }) => {
  await logIn(page, 'thomas.keller@example.com', demoPassword);
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation.getByRole('link', { name: /Mein Orderbuch\s*!/ })).toBeVisible();
});

test('the billing data is completed in the address-only dialog of the order list', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const client = await registerActivatedClient(request, 'address-only');
  await logInAnyStart(page, client.email);
  const nudge = page.getByRole('dialog', { name: NUDGE_TITLE });
  await page.goto('/admin/weinangebot');
  // The nudge opens on every load while the address is missing; this journey dismisses it.
  await expect(nudge).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nudge).toBeHidden();
  await page.getByRole('button', { name: 'Auf Orderliste setzen' }).first().click();
  await page
    .getByRole('dialog', { name: 'Auf Orderliste setzen' })
    .getByRole('button', { name: 'Hinzufügen' })
    .click();
  await expect(page).toHaveURL('/admin/orderlist');
  await expect(
    page.getByText('Bitte vervollständigen Sie Ihre Rechnungsinformationen.').first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Adresse bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ihre Adresse' });
  await expect(dialog).toBeVisible();
  // Only the address fields; untouched empty fields do not block saving.
  await expect(dialog.getByRole('textbox', { name: 'E-Mail' })).toHaveCount(0);
  const save = dialog.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeEnabled();
  // An edited field left empty does.
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill('');
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
  await expect(save).toBeEnabled();
  await dialog.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Weinbergweg 3');
  await dialog.getByRole('textbox', { name: 'Postleitzahl' }).fill('10119');
  await dialog.getByRole('textbox', { name: 'Stadt' }).fill('Berlin');
  await save.click();

  await expect(page.getByText('Ihre Accountdaten wurden aktualisiert.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The order list is refetched with the new billing data.
  await expect(page.getByText('Weinbergweg 3')).toBeVisible();
  await expect(page.getByText('Bitte vervollständigen Sie Ihre Rechnungsinformationen.')).toHaveCount(0);
});
