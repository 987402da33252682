/**
 * Server-side sessions as a client sees them: a logout ends the token and its refresh at once;
 * "Angemeldete Geräte" lists each signed-in device with its label, network area and times, and
 * ends one or all others; a password change ends every other session; a sign-in on a device the
 * account never used mails the owner once, with a link that ends exactly that session.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';

const PASSWORD = 'Weindepot2026!';
const TOKEN_AUTH =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const REFRESH = 'mutation ($token: String!) { refreshToken(token: $token) { token } }';
const ME = '{ me { email } }';
const SESSIONS = '{ mySessions { id deviceLabel coarseLocation createdAt lastSeenAt current } }';
const LOGOUT = 'mutation { logout { success errors { code message } } }';
const END = 'mutation ($id: ID!) { endSession(id: $id) { success errors { code message field } } }';
const END_OTHERS = 'mutation { endOtherSessions { success errors { code message } } }';
const PASSWORD_LINK = 'mutation { requestPasswordLink { success } }';
const RESET = `mutation ($email: String!, $newPassword: String!, $postedToken: String!) {
  resetPassword(email: $email, newPassword: $newPassword, postedToken: $postedToken) { success errors { code message } }
}`;

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface AccountSession {
  id: string;
  deviceLabel: string;
  coarseLocation: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

describe.each(databaseTargets)('Angemeldete Geräte (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function signIn(email: string, device: { userAgent: string; ip: string }, password = PASSWORD) {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      TOKEN_AUTH,
      { email, password },
      device,
    );
    const token = answer.data?.tokenAuth.token;
    if (!token) throw new Error(`Anmeldung von ${email} fehlgeschlagen: ${JSON.stringify(answer.errors)}`);
    return token;
  }
  const me = async (token: string) =>
    (await portal.gql<{ me: { email: string } | null }>(ME, {}, { token })).data?.me ?? null;
  const refreshCode = async (token: string) =>
    (await portal.gql(REFRESH, { token })).errors?.[0]?.extensions?.code ?? 'OK';
  const sessionsOf = async (token: string) =>
    (await portal.gql<{ mySessions: AccountSession[] }>(SESSIONS, {}, { token })).data?.mySessions ?? [];

  it('ends the token and its refresh with the logout, and only that session', async () => {
    await portal.createUser('abmelden@example.com');
    const laptop = await signIn('abmelden@example.com', { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
    const phone = await signIn('abmelden@example.com', { userAgent: SAFARI_IPHONE, ip: '198.51.100.20' });
    // A refreshed token belongs to the same session: the logout ends it too.
    const refreshed = (await portal.gql<{ refreshToken: { token: string } }>(REFRESH, { token: laptop })).data
      ?.refreshToken.token as string;

    const out = await portal.gql<{ logout: { success: boolean } }>(LOGOUT, {}, { token: laptop });
    expect(out.data?.logout.success).toBe(true);

    for (const token of [laptop, refreshed]) {
      expect(await me(token)).toBeNull();
      expect(await refreshCode(token)).toBe('UNAUTHENTICATED');
    }
    expect(await me(phone)).toEqual({ email: 'abmelden@example.com' });
    // A second logout with the ended token is refused like any other call of a visitor.
    expect((await portal.gql(LOGOUT, {}, { token: laptop })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('lists the devices with label, network area and times, and ends one of them', async () => {
    await portal.createUser('geraete@example.com');
    const laptop = await signIn('geraete@example.com', { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
    const phone = await signIn('geraete@example.com', {
      userAgent: SAFARI_IPHONE,
      ip: '2001:db8:85a3::8a2e:370:7334',
    });

    const listed = await sessionsOf(laptop);
    expect(
      listed.map(({ deviceLabel, coarseLocation, current }) => ({ deviceLabel, coarseLocation, current })),
    ).toEqual(
      expect.arrayContaining([
        { deviceLabel: 'Chrome 131 auf Windows', coarseLocation: '203.0.x.x', current: true },
        { deviceLabel: 'Mobile Safari 17 auf iOS', coarseLocation: '2001:db8::/32', current: false },
      ]),
    );
    expect(listed).toHaveLength(2);
    // The whole address is never shown or stored in the session.
    expect(JSON.stringify(listed)).not.toMatch(/113\.7|8a2e/);
    for (const session of listed) {
      expect(Date.now() - Date.parse(session.createdAt)).toBeLessThan(60_000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }

    const phoneSession = listed.find((session) => !session.current) as AccountSession;
    const ended = await portal.gql<{ endSession: { success: boolean } }>(
      END,
      { id: phoneSession.id },
      { token: laptop },
    );
    expect(ended.data?.endSession.success).toBe(true);
    expect(await me(phone)).toBeNull();
    expect(await refreshCode(phone)).toBe('UNAUTHENTICATED');
    expect((await sessionsOf(laptop)).map((session) => session.deviceLabel)).toEqual([
      'Chrome 131 auf Windows',
    ]);

    // Ended already, or not the caller's: the same refusal, and nothing ends.
    const again = await portal.gql<{
      endSession: { success: boolean; errors: { code: string; message: string }[] };
    }>(END, { id: phoneSession.id }, { token: laptop });
    expect(again.data?.endSession).toMatchObject({
      success: false,
      errors: [{ code: 'NOT_FOUND', message: 'Diese Anmeldung ist bereits beendet.' }],
    });
    await portal.createUser('fremd@example.com');
    const stranger = await signIn('fremd@example.com', { userAgent: FIREFOX_LINUX, ip: '192.0.2.1' });
    const [laptopSession] = await sessionsOf(laptop);
    const foreign = await portal.gql<{ endSession: { success: boolean } }>(
      END,
      { id: laptopSession?.id },
      { token: stranger },
    );
    expect(foreign.data?.endSession.success).toBe(false);
    expect(await me(laptop)).toEqual({ email: 'geraete@example.com' });
    expect(await sessionsOf(stranger)).toHaveLength(1);
  });

  it('ends every other session with "Überall sonst abmelden", keeping the current one', async () => {
    await portal.createUser('ueberall@example.com');
    const here = await signIn('ueberall@example.com', { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
    const others = [
      await signIn('ueberall@example.com', { userAgent: SAFARI_IPHONE, ip: '198.51.100.20' }),
      await signIn('ueberall@example.com', { userAgent: FIREFOX_LINUX, ip: '192.0.2.44' }),
    ];
    expect(await sessionsOf(here)).toHaveLength(3);
    const answer = await portal.gql<{ endOtherSessions: { success: boolean } }>(
      END_OTHERS,
      {},
      { token: here },
    );
    expect(answer.data?.endOtherSessions.success).toBe(true);
    for (const token of others) {
      expect(await me(token)).toBeNull();
      expect(await refreshCode(token)).toBe('UNAUTHENTICATED');
    }
    expect(await sessionsOf(here)).toEqual([expect.objectContaining({ current: true })]);
  });

  it('ends every other session when the password is changed through the account settings link', async () => {
    await portal.createUser('passwort@example.com');
    const here = await signIn('passwort@example.com', { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
    const elsewhere = await signIn('passwort@example.com', { userAgent: SAFARI_IPHONE, ip: '198.51.100.20' });
    await portal.gql(PASSWORD_LINK, {}, { token: here });
    await portal.deliverOutbox();
    const mail = (await portal.mailsTo('passwort@example.com')).find((candidate) =>
      candidate.text.includes('/set-password/'),
    );
    const postedToken = new URL(linkIn(mail!, '/set-password/')).pathname.split('/')[2];
    const reset = await portal.gql<{ resetPassword: { success: boolean } }>(
      RESET,
      { email: 'passwort@example.com', newPassword: 'NeuesPasswort2026!', postedToken },
      { token: here },
    );
    expect(reset.data?.resetPassword.success).toBe(true);
    expect(await me(elsewhere)).toBeNull();
    expect(await refreshCode(elsewhere)).toBe('UNAUTHENTICATED');
    // The device the change was made on stays signed in, and is the only one listed.
    expect(await me(here)).toEqual({ email: 'passwort@example.com' });
    expect((await sessionsOf(here)).map((session) => session.deviceLabel)).toEqual([
      'Chrome 131 auf Windows',
    ]);
    // The old password no longer signs in; the new one does.
    expect(
      (await portal.gql(TOKEN_AUTH, { email: 'passwort@example.com', password: PASSWORD })).errors,
    ).toBeDefined();
    await signIn(
      'passwort@example.com',
      { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' },
      'NeuesPasswort2026!',
    );
  });

  it('refuses every session of an account that is deactivated or deleted', async () => {
    const deactivated = await portal.createUser('gesperrt@example.com');
    const deleted = await portal.createUser('geloescht@example.com');
    const device = { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' };
    const deactivatedToken = await signIn('gesperrt@example.com', device);
    const deletedToken = await signIn('geloescht@example.com', device);
    await portal.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated));
    await portal.db.delete(users).where(eq(users.id, deleted));
    for (const token of [deactivatedToken, deletedToken]) {
      expect(await me(token)).toBeNull();
      expect(await refreshCode(token)).toBe('UNAUTHENTICATED');
    }
    expect(await portal.db.select().from(sessions).where(eq(sessions.userId, deleted))).toEqual([]);
  });

  it('mails a sign-in on a new device once, with a link that ends that session and nothing else', async () => {
    await portal.createUser('neugeraet@example.com');
    const newDeviceMails = async () =>
      (await portal.mailsTo('neugeraet@example.com')).filter(
        (mail) => mail.subject === 'Neue Anmeldung bei Weindepot',
      );
    // The account's first sign-in is no news; the same device again neither.
    const laptop = await signIn('neugeraet@example.com', { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
    await signIn('neugeraet@example.com', { userAgent: CHROME_WINDOWS, ip: '203.0.113.8' });
    await portal.deliverOutbox();
    expect(await newDeviceMails()).toHaveLength(0);

    const phone = await signIn('neugeraet@example.com', { userAgent: SAFARI_IPHONE, ip: '198.51.100.20' });
    await signIn('neugeraet@example.com', { userAgent: SAFARI_IPHONE, ip: '198.51.100.21' });
    await portal.deliverOutbox();
    const mails = await newDeviceMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain('Gerät: Mobile Safari 17 auf iOS');
    expect(mail?.text).toContain('Ungefährer Ort (Netzbereich): 198.51.x.x');
    expect(mail?.text).toMatch(/Zeitpunkt: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
    expect(mail?.text).not.toContain('198.51.100.20');

    const link = new URL(linkIn(mail!, '/end-session/'));
    // Opening the link (as a mail scanner would) ends nothing; the button does.
    const opened = await portal.app.inject({ method: 'GET', url: link.pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Diese Anmeldung beenden');
    expect(await me(phone)).toEqual({ email: 'neugeraet@example.com' });
    const post = () =>
      portal.app.inject({
        method: 'POST',
        url: link.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const ended = await post();
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('Die Anmeldung ist beendet');
    expect(ended.body).not.toMatch(/eyJ/);
    expect(await me(phone)).toBeNull();
    expect(await refreshCode(phone)).toBe('UNAUTHENTICATED');
    expect(await me(laptop)).toEqual({ email: 'neugeraet@example.com' });
    expect((await post()).statusCode).toBe(410);
  });
});
