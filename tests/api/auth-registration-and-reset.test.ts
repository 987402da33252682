/**
 * An account from registration to a new password: registering, the activation link, signing in,
 * the visitor's `me`, a password reset by mail link, and staff-only operations by role.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anna, authJourney, authOperation, type MutationAnswer } from './support/auth-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';

const REGISTER = authOperation('Register');
const ACTIVATE = authOperation('Activate');
const ME = authOperation('Me');
const RESET_REQUEST = authOperation('SendPasswordResetHash');
const RESET = authOperation('ResetPassword');

describe.each(databaseTargets)('Registrierung, Anmeldung und neues Passwort (%s)', (target) => {
  const journey = authJourney(target);
  const { signIn } = journey;
  let portal: TestPortal;
  beforeAll(() => {
    ({ portal } = journey);
  });

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

  it('refuses a staff-only operation to visitors and clients, allows it to staff', async () => {
    const query = authOperation('AllOfferers');
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
