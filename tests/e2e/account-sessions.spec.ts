import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerActivatedClient, setUpClientAddress } from './support/accounts';
import { logIn } from './support/session';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Posts one GraphQL call from a client of its own address, as the given device. */
async function graphql<Data>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
  options: { token?: string; userAgent?: string } = {},
): Promise<Data | undefined> {
  const response = await request.post('/graphql', {
    headers: {
      ...setUpClientAddress(),
      ...(options.token ? { Authorization: `JWT ${options.token}` } : {}),
      ...(options.userAgent ? { 'User-Agent': options.userAgent } : {}),
    },
    data: { query, variables },
  });
  return ((await response.json()) as { data?: Data }).data;
}

async function signInAs(request: APIRequestContext, email: string, password: string, userAgent: string) {
  const data = await graphql<{ tokenAuth: { token: string } }>(
    request,
    'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
    { email, password },
    { userAgent },
  );
  if (!data?.tokenAuth.token) throw new Error(`API login of ${email} failed`);
  return data.tokenAuth.token;
}

const me = async (request: APIRequestContext, token: string) =>
  (await graphql<{ me: { email: string } | null }>(request, '{ me { email } }', {}, { token }))?.me ?? null;

test('a client sees the signed-in devices, signs one out, then all others, and the logout ends the session', async ({
  page,
  request,
}) => {
  const client = await registerActivatedClient(request, 'geraete', { withBillingAddress: true });
  const phone = await signInAs(request, client.email, client.password, SAFARI_IPHONE);

  await logIn(page, client.email, client.password);
  await page.getByRole('button', { name: 'Accounteinstellungen' }).first().click();
  const settings = page.getByRole('dialog', { name: 'Accounteinstellungen' });
  const devices = settings.getByRole('region', { name: 'Angemeldete Geräte' });
  // The settings form loads on first opening: slow on a busy machine.
  await expect(devices).toBeVisible({ timeout: 30_000 });
  const rows = devices.getByTestId('account-session');
  const thisDevice = rows.filter({ hasText: 'Dieses Gerät' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByRole('button')).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Mobile Safari 17 auf iOS' })).toContainText(
    /Netzbereich 198\.1[89]\.x\.x/,
  );

  await devices.getByRole('button', { name: 'Mobile Safari 17 auf iOS abmelden' }).click();
  await expect(rows.filter({ hasText: 'Mobile Safari 17 auf iOS' })).toHaveCount(0);
  expect(await me(request, phone)).toBeNull();

  // The set-up's own sign-ins are other sessions too: "Überall sonst abmelden" leaves only this one.
  await expect.poll(() => rows.count()).toBeGreaterThan(1);
  await devices.getByRole('button', { name: 'Überall sonst abmelden' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Dieses Gerät');
  await expect(devices.getByRole('button', { name: 'Überall sonst abmelden' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('/');
  // Signed in again elsewhere: the browser's session is gone from the list, ended by the logout.
  const later = await signInAs(request, client.email, client.password, SAFARI_IPHONE);
  const listed = await graphql<{ mySessions: { current: boolean }[] }>(
    request,
    '{ mySessions { current } }',
    {},
    { token: later },
  );
  expect(listed?.mySessions).toEqual([{ current: true }]);
});
