/**
 * Failed sign-ins lock out the guesser, not the owner: per address and IP, per address over all
 * IPs (with the unlock mail and its link), and per IP over all addresses.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../../server/db/schema';
import { countEvent, rateLimits } from '../../server/services/rate-limit';
import { authJourney, authOperation } from './support/auth-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';

const TOKEN_AUTH = authOperation('TokenAuth');

describe.each(databaseTargets)('Sperre nach fehlgeschlagenen Anmeldungen (%s)', (target) => {
  const journey = authJourney(target);
  let portal: TestPortal;
  beforeAll(() => {
    ({ portal } = journey);
  });

  it('locks an address only for the IP its failures came from: the owner signs in from elsewhere', async () => {
    await portal.createUser('dora@example.com');
    const from = (ip: string, password: string) =>
      portal.gql<{ tokenAuth: { token: string } }>(
        TOKEN_AUTH,
        { email: 'dora@example.com', password },
        { ip },
      );
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await from('203.0.113.40', `Falsch${attempt}Passwort`);
      expect(answer.errors?.[0]?.message).toBe('Please enter valid credentials');
    }
    // The pair (address, IP) is locked, also for the right password …
    const limited = await from('203.0.113.40', 'Weindepot2026!');
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(limited.errors?.[0]?.message).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
    // … but the owner signs in from another address at once.
    expect((await from('198.51.100.41', 'Weindepot2026!')).data?.tokenAuth.token).toBeTruthy();
    // Another address from the locked IP is not affected.
    await portal.createUser('emil@example.com');
    expect(
      (
        await portal.gql<{ tokenAuth: { token: string } }>(
          TOKEN_AUTH,
          { email: 'emil@example.com', password: 'Weindepot2026!' },
          { ip: '203.0.113.40' },
        )
      ).data?.tokenAuth.token,
    ).toBeTruthy();
  });

  it('does not let failures from ten IP addresses lock the owner out', async () => {
    await portal.createUser('frieda@example.com');
    for (let i = 0; i < 10; i++) {
      const answer = await portal.gql(
        TOKEN_AUTH,
        { email: 'frieda@example.com', password: 'Falsch1' },
        { ip: `192.0.2.${100 + i}` },
      );
      expect(answer.errors?.[0]?.message).toBe('Please enter valid credentials');
    }
    const owner = await portal.gql<{ tokenAuth: { token: string } }>(
      TOKEN_AUTH,
      { email: 'frieda@example.com', password: 'Weindepot2026!' },
      { ip: '192.0.2.200' },
    );
    expect(owner.data?.tokenAuth.token).toBeTruthy();
  });

  it('counts parallel wrong attempts before checking the password: exactly 10 are checked', async () => {
    await portal.createUser('hanna@example.com');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        portal.gql(
          TOKEN_AUTH,
          { email: 'hanna@example.com', password: `Falsch${i}` },
          { ip: '203.0.113.50' },
        ),
      ),
    );
    const codes = answers.map((answer) => answer.errors?.[0]?.extensions?.code);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(30);
  });

  it('keeps counting only failures: signing in with the right password gives the attempt back', async () => {
    await portal.createUser('ines@example.com');
    for (let round = 0; round < 11; round++) {
      const answer = await portal.gql<{ tokenAuth: { token: string } }>(
        TOKEN_AUTH,
        { email: 'ines@example.com', password: 'Weindepot2026!' },
        { ip: '203.0.113.60' },
      );
      expect(answer.data?.tokenAuth.token, `round ${round}`).toBeTruthy();
    }
  });

  it('mails the owner an unlock link once the ceiling per address is reached; the link lifts it once and signs nobody in', async () => {
    await portal.createUser('jana@example.com');
    // 99 failures from many addresses are on record (distributed guessing).
    for (let i = 0; i < 99; i++)
      await countEvent(portal.db, 'login:email:jana@example.com', rateLimits.loginFailuresPerEmail);
    const hundredth = await portal.gql(
      TOKEN_AUTH,
      { email: 'jana@example.com', password: 'Falsch1' },
      { ip: '192.0.2.99' },
    );
    expect(hundredth.errors?.[0]?.message).toBe('Please enter valid credentials');
    // Now even the owner with the right password from a clean address is refused, with a German message …
    const refusedOwner = await portal.gql(
      TOKEN_AUTH,
      { email: 'jana@example.com', password: 'Weindepot2026!' },
      { ip: '198.51.100.150' },
    );
    expect(refusedOwner.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refusedOwner.errors?.[0]?.message).toMatch(/vorübergehend gesperrt.*Link zum Entsperren/);
    // … and gets exactly one unlock mail, however often it is refused within the hour.
    await portal.gql(
      TOKEN_AUTH,
      { email: 'jana@example.com', password: 'Weindepot2026!' },
      { ip: '198.51.100.151' },
    );
    await portal.deliverOutbox();
    const mails = await portal.mailsTo('jana@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ungewöhnlich viele Anmeldeversuche bei Ihrem Weindepot-Konto');
    expect(mails[0]?.text).toContain('30 Minuten gültig');
    const link = new URL(linkIn(mails[0]!, '/unlock/'));
    expect(link.origin).toBe('http://portal.test');

    // Opening the link changes nothing (a mail scanner may fetch it); it shows a German page with a button.
    const opened = await portal.app.inject({ method: 'GET', url: link.pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/text\/html/);
    expect(opened.body).toContain('Sperre aufheben');
    expect(opened.body).toContain('lang="de"');
    expect(
      (
        await portal.gql(
          TOKEN_AUTH,
          { email: 'jana@example.com', password: 'Weindepot2026!' },
          { ip: '198.51.100.152' },
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('RATE_LIMITED');

    const unlocked = await portal.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.body).toContain('Die Sperre ist aufgehoben');
    expect(unlocked.headers['set-cookie']).toBeUndefined();
    expect(unlocked.body).not.toMatch(/eyJ/);
    const owner = await portal.gql<{ tokenAuth: { token: string } }>(
      TOKEN_AUTH,
      { email: 'jana@example.com', password: 'Weindepot2026!' },
      { ip: '198.51.100.153' },
    );
    expect(owner.data?.tokenAuth.token).toBeTruthy();

    // Single use.
    const again = await portal.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('ungültig, abgelaufen oder wurde bereits verwendet');
  });

  it('refuses an unlock link after 30 minutes, and sends none for an unknown address', async () => {
    await portal.createUser('karla@example.com');
    for (let i = 0; i < 100; i++)
      await countEvent(portal.db, 'login:email:karla@example.com', rateLimits.loginFailuresPerEmail);
    await portal.gql(
      TOKEN_AUTH,
      { email: 'karla@example.com', password: 'Weindepot2026!' },
      { ip: '198.51.100.160' },
    );
    await portal.deliverOutbox();
    const [mail] = await portal.mailsTo('karla@example.com');
    const link = new URL(linkIn(mail!, '/unlock/'));
    await portal.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, 'LOGIN_UNLOCK'));
    const expired = await portal.app.inject({ method: 'POST', url: link.pathname, payload: '' });
    expect(expired.statusCode).toBe(410);
    expect(
      (
        await portal.gql(
          TOKEN_AUTH,
          { email: 'karla@example.com', password: 'Weindepot2026!' },
          { ip: '198.51.100.161' },
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('RATE_LIMITED');

    for (let i = 0; i < 100; i++)
      await countEvent(portal.db, 'login:email:niemand-hier@example.com', rateLimits.loginFailuresPerEmail);
    const unknown = await portal.gql(
      TOKEN_AUTH,
      { email: 'niemand-hier@example.com', password: 'Falsch1' },
      { ip: '198.51.100.162' },
    );
    expect(unknown.errors?.[0]?.message).toMatch(/Falls zu ihr ein Konto besteht/);
    await portal.deliverOutbox();
    expect(await portal.mailsTo('niemand-hier@example.com')).toEqual([]);
  });

  it('limits failed sign-ins per IP address over all addresses', async () => {
    await portal.createUser('ida@example.com');
    // 99 failures of other addresses from this IP are on record (each would cost an argon2 check).
    for (let i = 0; i < 99; i++)
      await countEvent(portal.db, 'login:ip:203.0.113.77', rateLimits.loginFailuresPerIp);
    const hundredth = await portal.gql(
      TOKEN_AUTH,
      { email: 'niemand@example.com', password: 'Falsch1' },
      { ip: '203.0.113.77' },
    );
    expect(hundredth.errors?.[0]?.message).toBe('Please enter valid credentials');
    const limited = await portal.gql(
      TOKEN_AUTH,
      { email: 'ida@example.com', password: 'Weindepot2026!' },
      { ip: '203.0.113.77' },
    );
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(limited.errors?.[0]?.message).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
    const elsewhere = await portal.gql<{ tokenAuth: { token: string } }>(
      TOKEN_AUTH,
      { email: 'ida@example.com', password: 'Weindepot2026!' },
      { ip: '203.0.113.78' },
    );
    expect(elsewhere.data?.tokenAuth.token).toBeTruthy();
  });
});
