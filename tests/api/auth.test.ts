import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../../server/db/schema';
import { countEvent, rateLimits } from '../../server/services/rate-limit';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';

const REGISTER = `mutation Register($email: String!, $password: String!, $passwordRepeat: String!, $firstName: String!,
  $lastName: String!, $salutation: String, $title: String, $phone: String, $lwin: String, $newsletter: Boolean) {
  register(email: $email, password: $password, passwordRepeat: $passwordRepeat, firstName: $firstName,
    lastName: $lastName, salutation: $salutation, title: $title, phone: $phone, lwin: $lwin, newsletter: $newsletter) {
    success errors { code message field }
  }
}`;
const ACTIVATE = 'mutation ($uid: String!) { activate(uid: $uid) { success errors { code message } } }';
const TOKEN_AUTH = `mutation ($email: String!, $password: String!) {
  tokenAuth(email: $email, password: $password) { token user { isSuperuser firstName lastName salutation title email } }
}`;
const ME =
  '{ me { email firstName lastName salutation title directSalutation phone newsletter isSuperuser country } }';
const RESET_REQUEST =
  'mutation ($email: String!) { sendPasswordResetHash(email: $email) { success errors { code message } } }';
const RESET = `mutation ($email: String!, $newPassword: String!, $postedToken: String!) {
  resetPassword(email: $email, newPassword: $newPassword, postedToken: $postedToken) { success errors { code message } }
}`;

interface MutationAnswer {
  success: boolean;
  errors: { code: string; message: string; field?: string | null }[];
}

const anna = {
  email: '  Anna.Schmidt@Example.com ',
  password: 'Rotwein2026',
  passwordRepeat: 'Rotwein2026',
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone: '+49 30 1234567',
  lwin: '10123162016',
  newsletter: true,
};

describe.each(databaseTargets)('Anmeldung und Konto (%s)', (target) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function signIn(email: string, password: string) {
    return portal.gql<{ tokenAuth: { token: string; user: Record<string, unknown> } }>(TOKEN_AUTH, {
      email,
      password,
    });
  }

  it('registers, refuses the same address again, activates by mail link and signs in', async () => {
    const first = await portal.gql<{ register: MutationAnswer }>(REGISTER, anna);
    expect(first.data?.register).toEqual({ success: true, errors: [] });

    const again = await portal.gql<{ register: MutationAnswer }>(REGISTER, {
      ...anna,
      email: 'anna.schmidt@example.com',
    });
    expect(again.data?.register.success).toBe(false);
    expect(again.data?.register.errors[0]).toMatchObject({
      code: 'EMAIL_ALREADY_REGISTERED',
      message: 'Für diese Emailadresse wurde bereits ein Konto registriert.',
    });

    const beforeActivation = await signIn('anna.schmidt@example.com', anna.password);
    expect(beforeActivation.data).toBeNull();
    expect(beforeActivation.errors?.[0]?.message).toBe('Bitte aktivieren Sie zuerst Ihr Nutzerkonto.');

    expect(await portal.deliverOutbox()).toBe(1);
    const [mail] = await portal.mailsTo('anna.schmidt@example.com');
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre Emailadresse');
    const link = new URL(linkIn(mail!, '/activate/'));
    expect(link.origin).toBe('http://portal.test');
    const [, , uid, lwin] = link.pathname.split('/');
    expect(lwin).toBe(anna.lwin);

    const activated = await portal.gql<{ activate: MutationAnswer }>(ACTIVATE, { uid });
    expect(activated.data?.activate).toEqual({ success: true, errors: [] });
    const reused = await portal.gql<{ activate: MutationAnswer }>(ACTIVATE, { uid });
    expect(reused.data?.activate.success).toBe(false);

    const signedIn = await signIn(' ANNA.schmidt@example.com ', ` ${anna.password} `);
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data?.tokenAuth.user).toEqual({
      isSuperuser: false,
      firstName: 'Anna',
      lastName: 'Schmidt',
      salutation: 'Frau',
      title: 'Dr.',
      email: 'anna.schmidt@example.com',
    });

    const me = await portal.gql<{ me: Record<string, unknown> }>(
      ME,
      {},
      { token: signedIn.data?.tokenAuth.token },
    );
    expect(me.data?.me).toEqual({
      email: 'anna.schmidt@example.com',
      firstName: 'Anna',
      lastName: 'Schmidt',
      salutation: 'Frau',
      title: 'Dr.',
      directSalutation: 'Frau Dr. Schmidt',
      phone: '+49 30 1234567',
      newsletter: true,
      isSuperuser: false,
      country: 'DE',
    });
  });

  it('refuses invalid registration input with German messages and stores nothing', async () => {
    const answer = await portal.gql<{ register: MutationAnswer }>(REGISTER, {
      ...anna,
      email: 'kein-email',
      password: 'kurz',
      passwordRepeat: 'anders',
      firstName: ' ',
    });
    expect(answer.data?.register.success).toBe(false);
    const messages = answer.data?.register.errors.map((error) => error.message);
    expect(messages).toContain('Bitte geben Sie eine gültige Emailadresse ein.');
    expect(messages).toContain('Ihr Passwort benötigt mindestens 8 Zeichen.');
    expect(messages).toContain('Die Passwörter stimmen nicht überein');
    expect(messages).toContain('Bitte geben Sie einen Vornamen an.');
    expect(await portal.deliverOutbox()).toBe(0);
  });

  it('answers a wrong password with the credentials message and a visitor me with null', async () => {
    await portal.createUser('bernd@example.com');
    const wrong = await signIn('bernd@example.com', 'Falsch12345');
    expect(wrong.errors?.[0]?.message).toBe('Please enter valid credentials');
    const unknown = await signIn('niemand@example.com', 'Falsch12345');
    expect(unknown.errors?.[0]?.message).toBe('Please enter valid credentials');
    expect((await portal.gql(ME)).data).toEqual({ me: null });
    expect((await portal.gql(ME, {}, { token: 'kein.gültiges.token' })).data).toEqual({ me: null });
  });

  it('resets a password by mail link once, revoking older sessions', async () => {
    await portal.createUser('clara@example.com');
    const oldSession = await signIn('clara@example.com', 'Weindepot2026!');
    const oldToken = oldSession.data?.tokenAuth.token;

    const request = await portal.gql<{ sendPasswordResetHash: MutationAnswer }>(RESET_REQUEST, {
      email: ' Clara@Example.com',
    });
    expect(request.data?.sendPasswordResetHash).toEqual({ success: true, errors: [] });
    const unknown = await portal.gql<{ sendPasswordResetHash: MutationAnswer }>(RESET_REQUEST, {
      email: 'unbekannt@example.com',
    });
    expect(unknown.data?.sendPasswordResetHash.success).toBe(true);
    const invalid = await portal.gql<{ sendPasswordResetHash: MutationAnswer }>(RESET_REQUEST, {
      email: 'clara',
    });
    expect(invalid.data?.sendPasswordResetHash.errors[0]?.message).toBe(
      'Bitte überprüfen Sie die angegebene Email-Adresse.',
    );

    await portal.deliverOutbox();
    const mails = await portal.mailsTo('clara@example.com');
    expect(mails).toHaveLength(1);
    expect(await portal.mailsTo('unbekannt@example.com')).toHaveLength(0);
    const postedToken = new URL(linkIn(mails[0]!, '/set-password/')).pathname.split('/')[2];

    const weak = await portal.gql<{ resetPassword: MutationAnswer }>(RESET, {
      email: 'clara@example.com',
      newPassword: 'nurklein1',
      postedToken,
    });
    expect(weak.data?.resetPassword.errors.map((error) => error.message)).toEqual([
      'Ihr Passwort muss mindestens einen Großbuchstaben enthalten.',
    ]);
    const wrongAddress = await portal.gql<{ resetPassword: MutationAnswer }>(RESET, {
      email: 'bernd@example.com',
      newPassword: 'NeuesPasswort1',
      postedToken,
    });
    expect(wrongAddress.data?.resetPassword.success).toBe(false);

    const reset = await portal.gql<{ resetPassword: MutationAnswer }>(RESET, {
      email: 'CLARA@example.com',
      newPassword: 'NeuesPasswort1',
      postedToken,
    });
    expect(reset.data?.resetPassword).toEqual({ success: true, errors: [] });
    const replay = await portal.gql<{ resetPassword: MutationAnswer }>(RESET, {
      email: 'clara@example.com',
      newPassword: 'NochEinPasswort1',
      postedToken,
    });
    expect(replay.data?.resetPassword.success).toBe(false);

    expect((await signIn('clara@example.com', 'Weindepot2026!')).errors?.[0]?.message).toBe(
      'Please enter valid credentials',
    );
    expect((await signIn('clara@example.com', 'NeuesPasswort1')).data?.tokenAuth.token).toBeTruthy();
    expect((await portal.gql(ME, {}, { token: oldToken })).data).toEqual({ me: null });
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

  it('limits registrations per IP address', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await portal.gql<{ register: MutationAnswer }>(
          REGISTER,
          { ...anna, email: `ungueltig-${i}` },
          { ip: '203.0.113.9' },
        ),
      );
    }
    expect(answers[0]?.data?.register.errors[0]?.code).toBe('INVALID');
    expect(answers.at(-1)?.data?.register.errors[0]?.code).toBe('RATE_LIMITED');
    const otherIp = await portal.gql<{ register: MutationAnswer }>(
      REGISTER,
      { ...anna, email: 'andere-adresse' },
      { ip: '203.0.113.10' },
    );
    expect(otherIp.data?.register.errors[0]?.code).not.toBe('RATE_LIMITED');
  });

  it('limits registrations per address, from whichever IP addresses they come', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const answer = await portal.gql<{ register: MutationAnswer }>(
        REGISTER,
        { ...anna, email: ' Berta.Vogel@Example.com ' },
        { ip: `192.0.2.${i + 1}` },
      );
      codes.push(answer.data?.register.errors[0]?.code ?? 'OK');
    }
    expect(codes).toEqual([
      'OK',
      'EMAIL_ALREADY_REGISTERED',
      'EMAIL_ALREADY_REGISTERED',
      'EMAIL_ALREADY_REGISTERED',
      'EMAIL_ALREADY_REGISTERED',
      'RATE_LIMITED',
    ]);
    const otherAddress = await portal.gql<{ register: MutationAnswer }>(
      REGISTER,
      { ...anna, email: 'carl.vogel@example.com' },
      { ip: '192.0.2.6' },
    );
    expect(otherAddress.data?.register).toEqual({ success: true, errors: [] });
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

  it('limits reset requests per address and per IP address, with a German message and no further mail', async () => {
    await portal.createUser('greta@example.com');
    const request = (email: string, ip: string) =>
      portal.gql<{ sendPasswordResetHash: MutationAnswer }>(RESET_REQUEST, { email }, { ip });

    // Per address: 5 an hour, from wherever they come.
    for (let i = 0; i < 5; i++) {
      expect((await request('greta@example.com', `198.51.100.${i + 1}`)).data?.sendPasswordResetHash).toEqual(
        {
          success: true,
          errors: [],
        },
      );
    }
    const perAddress = await request(' Greta@Example.com ', '198.51.100.99');
    expect(perAddress.data?.sendPasswordResetHash.success).toBe(false);
    expect(perAddress.data?.sendPasswordResetHash.errors[0]).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
    });
    await portal.deliverOutbox();
    expect(await portal.mailsTo('greta@example.com')).toHaveLength(5);

    // Per IP address: 30 an hour, whichever addresses are asked for.
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await request(`niemand-${i}@example.com`, '198.51.100.200'));
    expect(answers.slice(0, 30).every((answer) => answer.data?.sendPasswordResetHash.success)).toBe(true);
    expect(answers[30]?.data?.sendPasswordResetHash.errors[0]?.code).toBe('RATE_LIMITED');
    expect(
      (await request('niemand-31@example.com', '198.51.100.201')).data?.sendPasswordResetHash.success,
    ).toBe(true);
  });

  it('refuses a staff-only operation to visitors and clients, allows it to staff', async () => {
    const query = '{ allOfferers { label value } }';
    const visitor = await portal.gql(query);
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    await portal.createUser('friedrich@example.com');
    const client = await signIn('friedrich@example.com', 'Weindepot2026!');
    const asClient = await portal.gql(query, {}, { token: client.data?.tokenAuth.token });
    expect(asClient.data).toBeNull();
    expect(asClient.errors?.[0]).toMatchObject({
      message: 'Für diese Aktion fehlt Ihnen die Berechtigung.',
      extensions: { code: 'FORBIDDEN' },
    });

    await portal.createUser('berta@example.com', { staff: true });
    const staff = await signIn('berta@example.com', 'Weindepot2026!');
    const asStaff = await portal.gql(query, {}, { token: staff.data?.tokenAuth.token });
    expect(asStaff.errors).toBeUndefined();
    expect(asStaff.data).toEqual({ allOfferers: [] });
  });
});
