/**
 * The client's own account: changing profile and e-mail (German field errors, confirmation link,
 * limits), the password link, and the sidebar badges `me` counts.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, preferencesProfiles, users } from '../../server/db/schema';
import { countEvent, rateLimits } from '../../server/services/rate-limit';
import { type Answer, accountJourney, accountOperation } from './support/account-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';

const CHANGE_USER = accountOperation('ChangeUser');
const CONFIRM = accountOperation('ConfirmEmailChange');
const ME = accountOperation('Me');
const PASSWORD_LINK = accountOperation('RequestPasswordLink');

describe.each(databaseTargets)('Account: Profil und Zugang (%s)', (target) => {
  const journey = accountJourney(target);
  const { login } = journey;
  let portal: TestPortal;
  let kundeToken: string;
  let neukundeToken: string;
  beforeAll(() => {
    ({ portal, kundeToken, neukundeToken } = journey);
  });

  describe('changeUser', () => {
    it('refuses visitors', async () => {
      const answer = await portal.gql(CHANGE_USER, { firstName: 'X' });
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('answers German validation errors per field and changes nothing', async () => {
      const answer = await portal.gql<{ changeUser: Answer }>(
        CHANGE_USER,
        {
          firstName: ' ',
          lastName: '',
          streetAndNumber: '',
          postalCode: '',
          city: '',
          email: 'kein-email',
          phone: '123',
          country: 'XX',
        },
        { token: kundeToken },
      );
      expect(answer.data?.changeUser.success).toBe(false);
      expect(
        Object.fromEntries(answer.data?.changeUser.errors.map((error) => [error.field, error.message]) ?? []),
      ).toEqual({
        firstName: 'Bitte geben Sie einen Vornamen an.',
        lastName: 'Bitte geben Sie einen Nachnamen an.',
        streetAndNumber: 'Bitte geben Sie Straße und Hausnummer an.',
        postalCode: 'Bitte geben Sie eine Postleitzahl an.',
        city: 'Bitte geben Sie eine Stadt an.',
        email: 'Bitte geben Sie eine gültige Emailadresse ein.',
        phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
        country: 'Bitte wählen Sie ein Land aus der Liste.',
      });
      const me = await portal.gql<{ me: { firstName: string } }>(ME, {}, { token: kundeToken });
      expect(me.data?.me.firstName).toBe('Anna');
    });

    it('refuses clearing a stored phone', async () => {
      const answer = await portal.gql<{ changeUser: Answer }>(
        CHANGE_USER,
        { phone: '' },
        { token: kundeToken },
      );
      expect(answer.data?.changeUser.errors).toEqual([
        { code: 'INVALID', message: 'Bitte geben Sie eine Telefonnummer an.', field: 'phone' },
      ]);
    });

    it('completes the new client account; omitted fields stay unchanged', async () => {
      const answer = await portal.gql<{ changeUser: Answer & { pendingEmail: string | null } }>(
        CHANGE_USER,
        {
          firstName: 'Nina',
          lastName: 'Neumann',
          phone: '+49 89 1234567',
          streetAndNumber: 'Weinstraße 5',
          postalCode: '80331',
          city: 'München',
          country: 'AT',
          company: '',
          newsletter: true,
        },
        { token: neukundeToken },
      );
      expect(answer.data?.changeUser).toEqual({ success: true, errors: [], pendingEmail: null });
      const me = await portal.gql<{ me: Record<string, unknown> }>(ME, {}, { token: neukundeToken });
      expect(me.data?.me).toMatchObject({
        email: 'neukunde@example.com',
        firstName: 'Nina',
        phone: '+49 89 1234567',
        city: 'München',
        country: 'AT',
        company: null,
        newsletter: true,
      });
    });

    it('changes the e-mail only after the link mailed to the new address is opened', async () => {
      const userId = await portal.createUser('wechsel@example.com');
      const token = await login('wechsel@example.com');
      // A taken address gets the same answer as a free one (no account enumeration); its owner a notice.
      const taken = await portal.gql<{ changeUser: Answer & { pendingEmail: string } }>(
        CHANGE_USER,
        { email: 'kunde@example.com' },
        { token },
      );
      expect(taken.data?.changeUser).toEqual({
        success: true,
        errors: [],
        pendingEmail: 'kunde@example.com',
      });
      await portal.deliverOutbox();
      const notices = await portal.mailsTo('kunde@example.com');
      expect(notices.map((mail) => mail.subject)).toEqual([
        'Ihre Emailadresse sollte in ein anderes Konto eingetragen werden',
      ]);
      expect(notices[0]?.text).not.toContain('/confirm-email/');
      const takenTokens = await portal.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'EMAIL_CHANGE')));
      expect(takenTokens).toEqual([]);

      const answer = await portal.gql<{ changeUser: Answer & { pendingEmail: string } }>(
        CHANGE_USER,
        { email: ' Neu.Adresse@Example.com ' },
        { token },
      );
      expect(answer.data?.changeUser).toMatchObject({
        success: true,
        pendingEmail: 'neu.adresse@example.com',
      });
      const [before] = await portal.db.select().from(users).where(eq(users.id, userId));
      expect(before?.email).toBe('wechsel@example.com');

      await portal.deliverOutbox();
      const [mail] = await portal.mailsTo('neu.adresse@example.com');
      expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre neue Emailadresse');
      const link = linkIn(mail as NonNullable<typeof mail>, '/confirm-email/');
      const emailToken = link.split('/confirm-email/')[1] as string;

      const confirmed = await portal.gql<{ confirmEmailChange: Answer }>(CONFIRM, { token: emailToken });
      expect(confirmed.data?.confirmEmailChange.success).toBe(true);
      const [after] = await portal.db.select().from(users).where(eq(users.id, userId));
      expect(after?.email).toBe('neu.adresse@example.com');
      const again = await portal.gql<{ confirmEmailChange: Answer }>(CONFIRM, { token: emailToken });
      expect(again.data?.confirmEmailChange.errors[0]?.message).toBe(
        'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
      );
    });

    it('limits e-mail changes per client and per IP address; a refused one changes nothing', async () => {
      await portal.createUser('vielwechsel@example.com');
      const token = await login('vielwechsel@example.com');
      const change = (index: number, ip = '203.0.113.90') =>
        portal.gql<{ changeUser: Answer & { pendingEmail: string | null } }>(
          CHANGE_USER,
          { email: `ziel-${index}@example.com`, firstName: `Name${index}` },
          { token, ip },
        );
      for (let i = 0; i < 5; i++) expect((await change(i)).data?.changeUser.success).toBe(true);
      const limited = await change(5, '203.0.113.91');
      expect(limited.data?.changeUser).toEqual({
        success: false,
        errors: [
          {
            code: 'RATE_LIMITED',
            field: null,
            message: 'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
          },
        ],
        pendingEmail: null,
      });
      const [stored] = await portal.db.select().from(users).where(eq(users.email, 'vielwechsel@example.com'));
      expect(stored?.firstName).toBe('Name4');
      await portal.deliverOutbox();
      expect(await portal.mailsTo('ziel-5@example.com')).toEqual([]);

      // Per IP over all clients: 20 an hour (20 changes of other clients from this IP are on record).
      const ip = '203.0.113.92';
      for (let i = 0; i < 20; i++)
        await countEvent(portal.db, `email-change:ip:${ip}`, rateLimits.emailChangesPerIp);
      await portal.createUser('ip-wechsel@example.com');
      const other = await login('ip-wechsel@example.com');
      const fromIp = await portal.gql<{ changeUser: Answer }>(
        CHANGE_USER,
        { email: 'ip-ziel@example.com' },
        { token: other, ip },
      );
      expect(fromIp.data?.changeUser.errors[0]?.code).toBe('RATE_LIMITED');
      const elsewhere = await portal.gql<{ changeUser: Answer }>(
        CHANGE_USER,
        { email: 'ip-ziel@example.com' },
        { token: other, ip: '203.0.113.93' },
      );
      expect(elsewhere.data?.changeUser.success).toBe(true);
    });

    it('mails a password link to the own address', async () => {
      const answer = await portal.gql<{ requestPasswordLink: Answer }>(
        PASSWORD_LINK,
        {},
        { token: kundeToken },
      );
      expect(answer.data?.requestPasswordLink.success).toBe(true);
      await portal.deliverOutbox();
      const mails = await portal.mailsTo('kunde@example.com');
      expect(mails.some((mail) => mail.subject === 'Ihr Link zur Passwortwiederherstellung')).toBe(true);
    });
  });

  describe('sidebar badges on me', () => {
    it('counts recent preference profiles and order positions of the own account', async () => {
      const me = await portal.gql<{ me: Record<string, number> }>(ME, {}, { token: kundeToken });
      const [kunde] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
      const recent = (
        await portal.db.select().from(preferencesProfiles).where(eq(preferencesProfiles.userId, kunde!.id))
      ).filter(
        (profile) => !profile.archived && profile.datetime.getTime() > Date.now() - 14 * 24 * 3600 * 1000,
      );
      expect(recent.length).toBeGreaterThanOrEqual(1);
      expect(me.data?.me.personalOffersCount).toBe(recent.length);
      expect(me.data?.me.orderPositionsCount).toBe(1);
      const neu = await portal.gql<{ me: Record<string, number> }>(ME, {}, { token: neukundeToken });
      expect(neu.data?.me).toMatchObject({ personalOffersCount: 0, orderPositionsCount: 0 });
    });
  });
});
