import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { type AccountKey, accountSeeds, DEMO_PASSWORD } from '../../../server/seed/data/accounts';
import { pathSegmentAfter, waitForMailLink } from './mail';

function seededEmail(key: AccountKey): string {
  const account = accountSeeds.find((seed) => seed.key === key);
  if (!account) throw new Error(`The seed has no demo account ${key}`);
  return account.email;
}

/** Demo accounts of the seed: a client with a depot and the adviser (superuser). */
export const demoAccounts = {
  client: seededEmail('kunde'),
  superuser: seededEmail('berater'),
};
export const demoPassword = DEMO_PASSWORD;

/** A fresh address per call, so journeys never share or reuse an account. */
export function uniqueEmail(journey: string): string {
  return `e2e-${journey}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * The set-up calls of the journeys come from a client address of their own (a random one of the
 * 198.18.0.0/15 test range, believed from the loopback proxy as `TRUST_PROXY` allows by default):
 * the whole suite's set-up registers and signs in far more accounts than the per-IP flood guards
 * allow one address per hour, and those guards are not what the journeys are about (the API tests
 * cover them).
 */
export function setUpClientAddress(): Record<string, string> {
  const [second = 0, third = 0, fourth = 0] = randomBytes(3);
  return { 'X-Forwarded-For': `198.${18 + (second % 2)}.${third}.${fourth}` };
}

interface MutationResult {
  success: boolean;
  errors: { message: string; code: string }[];
}

async function mutate(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<MutationResult> {
  const response = await request.post('/graphql', {
    headers: setUpClientAddress(),
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Record<string, MutationResult>; errors?: unknown };
  const result = body.data ? Object.values(body.data)[0] : undefined;
  if (!response.ok() || !result?.success) {
    throw new Error(`GraphQL set-up failed (HTTP ${response.status()}): ${JSON.stringify(body)}`);
  }
  return result;
}

/**
 * Registers a new client through the API and activates it with the uid from the activation mail.
 * By default the client also gets a saved investor profile, so the non-dismissable first-time
 * wizard does not cover journeys that are about something else.
 */
export async function registerActivatedClient(
  request: APIRequestContext,
  journey: string,
  options: { withInvestorProfile?: boolean; withBillingAddress?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(journey);
  const password = demoPassword;
  await mutate(
    request,
    `mutation Register($email: String!, $password: String!, $passwordRepeat: String!, $salutation: String,
      $firstName: String!, $lastName: String!) {
      register(email: $email, password: $password, passwordRepeat: $passwordRepeat, salutation: $salutation,
        firstName: $firstName, lastName: $lastName) { success errors { message code } }
    }`,
    {
      email,
      password,
      passwordRepeat: password,
      salutation: 'Frau',
      firstName: 'Erika',
      lastName: 'Testkundin',
    },
  );
  const activationLink = await waitForMailLink(email, '/activate/');
  await mutate(
    request,
    'mutation Activate($uid: String!) { activate(uid: $uid) { success errors { message code } } }',
    { uid: pathSegmentAfter(activationLink, '/activate/') },
  );
  if (options.withInvestorProfile ?? true) await saveInvestorProfile(request, email, password);
  if (options.withBillingAddress) await saveBillingAddress(request, email, password);
  return { email, password };
}

/** The client's token, signed in through the API. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/graphql', {
    headers: setUpClientAddress(),
    data: {
      query:
        'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
      variables: { email, password },
    },
  });
  const token = ((await login.json()) as { data?: { tokenAuth?: { token?: string } } }).data?.tokenAuth
    ?.token;
  if (!token) throw new Error(`API login of ${email} failed`);
  return token;
}

/** Completes the client's billing address (so paying is possible and no account nudge opens). */
async function saveBillingAddress(request: APIRequestContext, email: string, password: string) {
  const token = await apiToken(request, email, password);
  const response = await request.post('/graphql', {
    headers: { Authorization: `JWT ${token}` },
    data: {
      query: `mutation { changeUser(phone: "+49 89 1234567", streetAndNumber: "Weinstraße 1", postalCode: "80331",
        city: "München", country: "DE") { success errors { message } } }`,
    },
  });
  const body = (await response.json()) as { data?: { changeUser?: { success: boolean } } };
  if (!body.data?.changeUser?.success)
    throw new Error(`Billing address set-up failed: ${JSON.stringify(body)}`);
}

/** Saves a default investor profile for the client through the API (signed in with its token). */
export async function saveInvestorProfile(request: APIRequestContext, email: string, password: string) {
  const token = await apiToken(request, email, password);
  const response = await request.post('/graphql', {
    headers: { Authorization: `JWT ${token}` },
    data: {
      query: `mutation { createPreferencesProfile(wineloverVsInvestor: 50, investmentHorizon: 15, takesRisk: 50,
        investmentSumIntended: "25000") { success errors { message } } }`,
    },
  });
  const body = (await response.json()) as { data?: { createPreferencesProfile?: { success: boolean } } };
  if (!body.data?.createPreferencesProfile?.success) {
    throw new Error(`Investor profile set-up failed: ${JSON.stringify(body)}`);
  }
}
