/**
 * Sessions and account links: token expiry and refresh (a client offline for days stays signed in,
 * but not forever), revocation on password change, single-use expiring links that work exactly once
 * also when opened twice at the same moment, and a per-address limit on every public mutation.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, sessions } from '../../server/db/schema';
import { accessPolicy } from '../../server/graphql/access';
import { publicMutationKey, publicMutationLimits } from '../../server/graphql/public-rate-limits';
import { authMessages } from '../../server/services/auth-validation';
import { countEvent } from '../../server/services/rate-limit';
import { hashToken, newUrlToken, signSessionToken } from '../../server/services/tokens';
import { changedTables, databaseChecksum } from './support/db-checksum';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';
import { callOf, loadSchema, requiredArguments, rootFields } from './support/schema-operations';

const ME = '{ me { email } }';
const TOKEN_AUTH =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const REFRESH = 'mutation ($token: String!) { refreshToken(token: $token) { token user { email } } }';
const RESET_REQUEST = 'mutation ($email: String!) { sendPasswordResetHash(email: $email) { success } }';
const RESET = `mutation ($email: String!, $newPassword: String!, $postedToken: String!) {
  resetPassword(email: $email, newPassword: $newPassword, postedToken: $postedToken) { success errors { code message } }
}`;
const ACTIVATE = 'mutation ($uid: String!) { activate(uid: $uid) { success errors { code message } } }';
const PASSWORD = 'Weindepot2026!';
const DAY = 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Outcome {
  success: boolean;
  errors: { code: string; message: string }[];
}

describe.each(databaseTargets)('Sitzungen und Kontolinks (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email, password });
    const token = answer.data?.tokenAuth.token;
    if (!token) throw new Error(`Anmeldung von ${email} fehlgeschlagen: ${JSON.stringify(answer.errors)}`);
    return token;
  }
  const me = async (token: string) =>
    (await portal.gql<{ me: { email: string } | null }>(ME, {}, { token })).data?.me;

  /** A token of the user as the server would sign it, with chosen times, and its session's row. */
  async function craftedToken(
    userId: number,
    times: { sessionStart: number; expiresAt: number },
    secret?: string,
  ) {
    const sessionId = randomUUID();
    await portal.db.insert(sessions).values({
      id: sessionId,
      userId,
      deviceLabel: 'Chrome 131 auf Windows',
      coarseLocation: '127.0.x.x',
      createdAt: new Date(times.sessionStart * 1000),
      expiresAt: new Date(times.expiresAt * 1000),
    });
    return signSessionToken(
      { userId, sessionId, tokenVersion: 0, sessionStart: times.sessionStart },
      secret ?? portal.config.jwtSecret,
      times.expiresAt,
    );
  }

  it('issues 7-day tokens and renews them within the same session', async () => {
    await portal.createUser('erneuern@example.com');
    const token = await signIn('erneuern@example.com');
    const claims = decodeJwt(token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(portal.config.jwtTtlSeconds);
    expect(portal.config.jwtTtlSeconds).toBe(7 * DAY);

    const refreshed = await portal.gql<{ refreshToken: { token: string; user: { email: string } } }>(
      REFRESH,
      { token },
    );
    const renewed = refreshed.data?.refreshToken.token ?? '';
    expect(refreshed.data?.refreshToken.user.email).toBe('erneuern@example.com');
    expect(decodeJwt(renewed).ses).toBe(claims.ses);
    expect(decodeJwt(renewed).exp).toBeGreaterThanOrEqual(claims.exp ?? 0);
    expect(await me(renewed)).toEqual({ email: 'erneuern@example.com' });
  });

  it('keeps a client signed in after days offline, refreshes, and ends sessions at their maximum age', async () => {
    const userId = await portal.createUser('offline@example.com');
    // Signed in three days ago, offline since: the token is still valid and is renewed on return.
    const threeDaysOld = await craftedToken(userId, {
      sessionStart: nowSeconds() - 3 * DAY,
      expiresAt: nowSeconds() + 4 * DAY,
    });
    expect(await me(threeDaysOld)).toEqual({ email: 'offline@example.com' });
    const renewed = await portal.gql<{ refreshToken: { token: string } }>(REFRESH, { token: threeDaysOld });
    expect(decodeJwt(renewed.data?.refreshToken.token ?? '').exp).toBeGreaterThan(nowSeconds() + 6 * DAY);

    // A renewed token never outlives the session's maximum age (30 days from the sign-in).
    const nearMax = await craftedToken(userId, {
      sessionStart: nowSeconds() - 29 * DAY,
      expiresAt: nowSeconds() + DAY / 2,
    });
    const capped = await portal.gql<{ refreshToken: { token: string } }>(REFRESH, { token: nearMax });
    expect(decodeJwt(capped.data?.refreshToken.token ?? '').exp).toBeLessThanOrEqual(
      nowSeconds() - 29 * DAY + portal.config.jwtSessionMaxSeconds,
    );

    const pastMax = await craftedToken(userId, {
      sessionStart: nowSeconds() - 31 * DAY,
      expiresAt: nowSeconds() + DAY,
    });
    const refused = await portal.gql(REFRESH, { token: pastMax });
    expect(refused.errors?.[0]).toMatchObject({
      message: authMessages.sessionExpired,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('refuses expired, forged and foreign tokens', async () => {
    const userId = await portal.createUser('abgelaufen@example.com');
    const expired = await craftedToken(userId, {
      sessionStart: nowSeconds() - 8 * DAY,
      expiresAt: nowSeconds() - 60,
    });
    const foreign = await craftedToken(
      userId,
      { sessionStart: nowSeconds(), expiresAt: nowSeconds() + DAY },
      'ein-anderes-geheimnis-als-das-des-servers',
    );
    const valid = await craftedToken(userId, { sessionStart: nowSeconds(), expiresAt: nowSeconds() + DAY });
    const [header, payload] = valid.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const otherUser = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(valid), sub: '1' })).toString('base64url')}.${valid.split('.')[2]}`;
    for (const token of [expired, foreign, unsigned, otherUser, 'kein-token']) {
      expect(await me(token)).toBeNull();
      const refreshed = await portal.gql(REFRESH, { token });
      expect(refreshed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await me(valid)).toEqual({ email: 'abgelaufen@example.com' });
  });

  it('revokes every session when the password is reset, also for refreshing', async () => {
    await portal.createUser('widerruf@example.com');
    const before = await signIn('widerruf@example.com');
    await portal.gql(RESET_REQUEST, { email: 'widerruf@example.com' });
    await portal.deliverOutbox();
    const [mail] = await portal.mailsTo('widerruf@example.com');
    const postedToken = new URL(linkIn(mail!, '/set-password/')).pathname.split('/')[2];
    const reset = await portal.gql<{ resetPassword: Outcome }>(RESET, {
      email: 'widerruf@example.com',
      newPassword: 'NeuesPasswort2026!',
      postedToken,
    });
    expect(reset.data?.resetPassword.success).toBe(true);
    expect(await me(before)).toBeNull();
    expect((await portal.gql(REFRESH, { token: before })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(await me(await signIn('widerruf@example.com', 'NeuesPasswort2026!'))).toEqual({
      email: 'widerruf@example.com',
    });
  });

  it('accepts an activation link exactly once, also when it is opened twice at the same moment, and not after expiry', async () => {
    const userId = await portal.createUser('aktivieren@example.com');
    const live = newUrlToken();
    const expired = newUrlToken();
    await portal.db.insert(accountTokens).values([
      {
        userId,
        purpose: 'ACTIVATION',
        tokenHash: hashToken(live),
        expiresAt: new Date(Date.now() + DAY * 1000),
      },
      {
        userId,
        purpose: 'ACTIVATION',
        tokenHash: hashToken(expired),
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    const answers = await Promise.all(
      [live, live, live].map((uid) => portal.gql<{ activate: Outcome }>(ACTIVATE, { uid })),
    );
    expect(answers.filter((answer) => answer.data?.activate.success)).toHaveLength(1);
    for (const uid of [live, expired]) {
      const again = await portal.gql<{ activate: Outcome }>(ACTIVATE, { uid });
      expect(again.data?.activate.errors[0]).toMatchObject({
        code: 'INVALID_TOKEN',
        message: authMessages.activationInvalid,
      });
    }
  });

  it('accepts a reset link exactly once, also when it is used twice at the same moment, and not after expiry', async () => {
    const userId = await portal.createUser('zuruecksetzen@example.com');
    const live = newUrlToken();
    const expired = newUrlToken();
    await portal.db.insert(accountTokens).values([
      {
        userId,
        purpose: 'PASSWORD_RESET',
        tokenHash: hashToken(live),
        expiresAt: new Date(Date.now() + 3600_000),
      },
      {
        userId,
        purpose: 'PASSWORD_RESET',
        tokenHash: hashToken(expired),
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    const answers = await Promise.all(
      ['ErstesPasswort2026!', 'ZweitesPasswort2026!'].map((newPassword) =>
        portal.gql<{ resetPassword: Outcome }>(RESET, {
          email: 'zuruecksetzen@example.com',
          newPassword,
          postedToken: live,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.data?.resetPassword.success)).toHaveLength(1);
    const winner = answers[0]?.data?.resetPassword.success ? 'ErstesPasswort2026!' : 'ZweitesPasswort2026!';
    expect(await me(await signIn('zuruecksetzen@example.com', winner))).toEqual({
      email: 'zuruecksetzen@example.com',
    });
    const late = await portal.gql<{ resetPassword: Outcome }>(RESET, {
      email: 'zuruecksetzen@example.com',
      newPassword: 'DrittesPasswort2026!',
      postedToken: expired,
    });
    expect(late.data?.resetPassword.errors[0]).toMatchObject({
      code: 'INVALID_TOKEN',
      message: authMessages.resetInvalid,
    });
  });

  it('limits every public mutation per client address, with a German message and no change', async () => {
    const schema = loadSchema();
    const publicMutations = rootFields(schema, 'Mutation').filter(
      (field) => (accessPolicy.Mutation as Record<string, string>)[field.name] === 'public',
    );
    expect(publicMutations.map((field) => field.name).sort()).toEqual(
      Object.keys(publicMutationLimits).sort(),
    );
    for (const [index, field] of publicMutations.entries()) {
      const rule = publicMutationLimits[field.name as keyof typeof publicMutationLimits];
      const flooding = `192.0.2.${index + 1}`;
      for (let count = 0; count < rule.limit; count++) {
        await countEvent(portal.db, publicMutationKey(field.name, flooding), rule);
      }
      const { query, variables } = callOf('Mutation', field, requiredArguments(field));
      const before = await databaseChecksum(portal.db);
      const limited = await portal.gql(query, variables, { ip: flooding });
      expect(limited.errors?.[0], field.name).toMatchObject({
        message: authMessages.rateLimited,
        extensions: { code: 'RATE_LIMITED' },
      });
      expect(changedTables(before, await databaseChecksum(portal.db)), field.name).toEqual([]);
      const other = await portal.gql(query, variables, { ip: `198.51.100.${index + 1}` });
      expect(other.errors?.[0]?.extensions?.code, field.name).not.toBe('RATE_LIMITED');
    }
  });
});
