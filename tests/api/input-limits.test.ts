/**
 * Input limits and bad input: every user text field has a limit
 * (src/domain/input-limits.ts), the GraphQL layer caps any single string argument and refuses lone
 * surrogates, scalars refuse impossible dates and oversized decimals, and malformed bodies get a
 * German answer without parser details. Each refusal is German, never INTERNAL_SERVER_ERROR, and
 * changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { inputGuardMessages } from '../../server/graphql/input-guards';
import { limitMessages, MAX_STRING_ARGUMENT_LENGTH, TEXT_LIMITS } from '../../src/domain/input-limits';
import { changedTables, databaseChecksum } from './support/db-checksum';
import { isGermanMessage } from './support/german';
import { databaseTargets, type GraphQLAnswer, startTestPortal, type TestPortal } from './support/harness';

const PASSWORD = 'Weindepot2026!';
const SIGN_IN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CHANGE_USER = `mutation ($firstName: String, $city: String, $company: String, $postalCode: String) {
  changeUser(firstName: $firstName, city: $city, company: $company, postalCode: $postalCode) { success errors { field message } }
}`;
const REGISTER = `mutation ($email: String!, $firstName: String!, $lastName: String!, $lwin: String, $streetAndNumber: String) {
  register(email: $email, password: "Sicher2026!", passwordRepeat: "Sicher2026!", firstName: $firstName,
    lastName: $lastName, lwin: $lwin, streetAndNumber: $streetAndNumber) { success errors { field message } }
}`;
const CONTACT = `mutation ($message: String!, $firstName: String!, $callbackAt: DateTime, $callback: Boolean, $phone: String) {
  sendContactRequest(salutation: "Frau", firstName: $firstName, lastName: "Berger", message: $message,
    privacyAccepted: true, callback: $callback, phone: $phone, callbackAt: $callbackAt) { success errors { field message } }
}`;
const REFERRAL = `mutation ($firstName: String!) {
  sendReferral(salutation: "Herr", formOfAddress: "Du", firstName: $firstName, lastName: "Keller") { success errors { field message } message }
}`;
const CONTACT_MAIL = `mutation ($sender: String!, $message: String!) {
  sendContactFormMail(senderEmail: "kunde@example.com", sender: $sender, message: $message) { success errors { field message } }
}`;
const PROFILE = `mutation ($sum: Decimal!) {
  createPreferencesProfile(wineloverVsInvestor: 2, investmentHorizon: 2, takesRisk: 2, investmentSumIntended: $sum) { success errors { message } }
}`;
const CHANGE_INVOICE_DATE = `mutation ($invoiceId: Int!, $date: Date) {
  changeInvoice(invoiceId: $invoiceId, date: $date) { success errors { message } }
}`;

/** All messages of the answer: GraphQL errors and the payload's own errors. */
function messages(answer: GraphQLAnswer, field: string): string[] {
  const payload = answer.data?.[field] as
    | { errors?: { message: string }[]; result?: { errors?: { message: string }[] } }
    | undefined;
  return [
    ...(answer.errors ?? []).map((error) => error.message),
    ...(payload?.errors ?? payload?.result?.errors ?? []).map((error) => error.message),
  ];
}

describe.each(databaseTargets)('Eingabegrenzen und fehlerhafte Eingaben (%s)', (target) => {
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let clientId: number;
  let before: Record<string, string>;
  let sent = 0;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const token = async (email: string) =>
      (await portal.gql<{ tokenAuth: { token: string } }>(SIGN_IN, { email, password: PASSWORD })).data
        ?.tokenAuth.token ?? '';
    client = await token('kunde@example.com');
    staff = await token('berater@example.com');
    const [row] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    clientId = row?.id ?? 0;
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  beforeEach(async () => {
    before = await databaseChecksum(portal.db);
  });

  /** Sends the call from its own address and expects a German refusal that changed nothing. */
  async function refused(
    query: string,
    variables: Record<string, unknown>,
    field: string,
    token?: string,
  ): Promise<string[]> {
    sent += 1;
    const answer = await portal.gql(query, variables, { token, ip: `10.77.${sent >> 8}.${sent & 255}` });
    expect(answer.status).toBeLessThan(500);
    const codes = (answer.errors ?? []).map(
      (error) => (error as { extensions?: { code?: string } }).extensions?.code,
    );
    expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
    const payload = answer.data?.[field] as { success?: boolean; result?: { success?: boolean } } | null;
    expect(
      Boolean(answer.errors?.length) || payload?.success === false || payload?.result?.success === false,
    ).toBe(true);
    const texts = messages(answer, field);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(isGermanMessage(text), text).toBe(true);
    expect(portal.unexpectedErrors).toEqual([]);
    expect(changedTables(before, await databaseChecksum(portal.db))).toEqual([]);
    return texts;
  }

  it('refuses a name of 1,000,000 characters in changeUser and one of 900,000 in register', async () => {
    expect(await refused(CHANGE_USER, { firstName: 'A'.repeat(1_000_000) }, 'changeUser', client)).toContain(
      inputGuardMessages.tooLong,
    );
    expect(
      await refused(
        REGISTER,
        { email: 'lang@example.com', firstName: 'B'.repeat(900_000), lastName: 'X' },
        'register',
      ),
    ).toContain(inputGuardMessages.tooLong);
    const [row] = await portal.db.select().from(users).where(eq(users.id, clientId));
    expect(row?.firstName.length).toBeLessThanOrEqual(TEXT_LIMITS.firstName);
  });

  it('answers each field one character over its limit with the field and a German message', async () => {
    const over = (field: keyof typeof TEXT_LIMITS) => 'x'.repeat(TEXT_LIMITS[field] + 1);
    const changed = await portal.gql<{ changeUser: { errors: { field: string; message: string }[] } }>(
      CHANGE_USER,
      {
        firstName: over('firstName'),
        city: over('city'),
        company: over('company'),
        postalCode: over('postalCode'),
      },
      { token: client },
    );
    expect(changed.data?.changeUser.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: limitMessages.tooLong('firstName') },
        { field: 'city', message: limitMessages.tooLong('city') },
        { field: 'company', message: limitMessages.tooLong('company') },
        { field: 'postalCode', message: limitMessages.tooLong('postalCode') },
      ]),
    );
    expect(limitMessages.tooLong('firstName')).toBe('Der Vorname darf höchstens 100 Zeichen lang sein.');
    await refused(
      REGISTER,
      {
        email: 'strasse@example.com',
        firstName: 'Eva',
        lastName: 'Roth',
        streetAndNumber: over('streetAndNumber'),
      },
      'register',
    );
    await refused(CONTACT, { message: over('message'), firstName: 'Anna' }, 'sendContactRequest', client);
    await refused(REFERRAL, { firstName: over('firstName') }, 'sendReferral', client);
    await refused(CONTACT_MAIL, { sender: over('sender'), message: 'Hallo' }, 'sendContactFormMail', client);
    // Exactly at the limit is fine.
    const fits = await portal.gql<{ changeUser: { success: boolean } }>(
      CHANGE_USER,
      { city: 'y'.repeat(TEXT_LIMITS.city) },
      { token: client },
    );
    expect(fits.data?.changeUser.success).toBe(true);
  });

  it('caps any single string argument, also in operations without a field limit', async () => {
    const texts = await refused(
      'mutation ($token: String!) { confirmEmailChange(token: $token) { success errors { message } } }',
      { token: 't'.repeat(MAX_STRING_ARGUMENT_LENGTH + 1) },
      'confirmEmailChange',
    );
    expect(texts).toEqual([inputGuardMessages.tooLong]);
  });

  it('refuses a lone surrogate in contact, referral, contact mail and register(lwin)', async () => {
    const lone = 'Hallo \ud800 Welt';
    for (const [query, variables, field, token] of [
      [CONTACT, { message: lone, firstName: 'Anna' }, 'sendContactRequest', client],
      [REFERRAL, { firstName: lone }, 'sendReferral', client],
      [CONTACT_MAIL, { sender: 'Anna Berger', message: lone }, 'sendContactFormMail', client],
      [
        REGISTER,
        { email: 'lwin@example.com', firstName: 'Eva', lastName: 'Roth', lwin: '\ud800' },
        'register',
        undefined,
      ],
    ] as const) {
      expect(await refused(query, variables, field, token)).toEqual([inputGuardMessages.malformed]);
    }
  });

  it('refuses an oversized decimal and impossible dates as invalid', async () => {
    const sum = await refused(
      PROFILE,
      { sum: '999999999999999999999999999.99' },
      'createPreferencesProfile',
      client,
    );
    expect(sum.join(' ')).toContain('Ungültige Zahl');
    const [invoice] =
      (
        await portal.gql<{ clientsInvoices: { id: number }[] }>(
          'query { clientsInvoices { id } }',
          {},
          { token: staff },
        )
      ).data?.clientsInvoices ?? [];
    expect(invoice).toBeDefined();
    for (const date of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      const texts = await refused(
        CHANGE_INVOICE_DATE,
        { invoiceId: invoice?.id, date },
        'changeInvoice',
        staff,
      );
      expect(texts.join(' ')).toContain('Ungültiges Datum');
    }
    const callback = await refused(
      CONTACT,
      {
        message: 'Bitte rufen Sie an',
        firstName: 'Anna',
        callback: true,
        phone: '+49 170 1234567',
        callbackAt: '2026-02-30T10:00:00Z',
      },
      'sendContactRequest',
      client,
    );
    expect(callback.join(' ')).toContain('Ungültiger Zeitpunkt');
    expect(callback.join(' ')).not.toContain('Zukunft');
  });

  it('answers a body of [] without parser details and a text/plain POST with a German 415', async () => {
    for (const payload of ['[]', '{}']) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('originalError');
      expect(response.body).not.toContain('SyntaxError');
      expect(isGermanMessage(response.json().errors[0].message)).toBe(true);
    }
    const plain = await portal.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'text/plain' },
      payload: '{"query":"{ __typename }"}',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().errors[0].message).toBe(
      'Ungültige Anfrage: Dieser Inhaltstyp wird nicht unterstützt. Bitte senden Sie die Anfrage als application/json.',
    );
  });
});
