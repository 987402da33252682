import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountTokens,
  contactRequests,
  outbox,
  preferencesProfiles,
  referrals,
  soldOutRequests,
  users,
  vintages,
  wines,
} from '../../server/db/schema';
import { dispatchOutboxOnce } from '../../server/jobs/outbox-dispatcher';
import { createOutboxHandlers } from '../../server/jobs/outbox-handlers';
import { createMailTransport } from '../../server/services/mail';
import { countEvent, rateLimits } from '../../server/services/rate-limit';
import type { WebhookUrls } from '../../server/services/webhooks';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { linkIn } from './support/mailbox';

const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CHANGE_USER = `mutation ($firstName: String, $lastName: String, $company: String, $email: String, $phone: String,
  $streetAndNumber: String, $addressSupplement: String, $postalCode: String, $city: String, $country: String, $newsletter: Boolean) {
  changeUser(firstName: $firstName, lastName: $lastName, company: $company, email: $email, phone: $phone,
    streetAndNumber: $streetAndNumber, addressSupplement: $addressSupplement, postalCode: $postalCode, city: $city,
    country: $country, newsletter: $newsletter) { success pendingEmail errors { code message field } }
}`;
const CONFIRM =
  'mutation ($token: String!) { confirmEmailChange(token: $token) { success errors { code message } } }';
const ME = `{ me { email firstName lastName phone streetAndNumber postalCode city country company newsletter
  personalOffersCount orderPositionsCount soldOutRequestVintageIds blockedByOrderCheck } }`;
const CONTACT = `mutation ($salutation: String!, $firstName: String!, $lastName: String!, $message: String!,
  $privacyAccepted: Boolean!, $callback: Boolean, $phone: String, $callbackAt: DateTime, $uid: String) {
  sendContactRequest(salutation: $salutation, firstName: $firstName, lastName: $lastName, message: $message,
    privacyAccepted: $privacyAccepted, callback: $callback, phone: $phone, callbackAt: $callbackAt, uid: $uid) {
    success errors { code message field }
  }
}`;
const REFERRAL = `mutation ($salutation: String!, $formOfAddress: String!, $firstName: String!, $lastName: String!) {
  sendReferral(salutation: $salutation, formOfAddress: $formOfAddress, firstName: $firstName, lastName: $lastName) {
    success message errors { code message field }
  }
}`;
const SOLD_OUT =
  'mutation ($vintageId: Int!) { requestSoldOutNotification(vintageId: $vintageId) { success errors { code message } } }';
const PASSWORD_LINK = 'mutation { requestPasswordLink { success errors { code message } } }';
const CONTACT_MAIL = `mutation ($senderEmail: String!, $sender: String!, $message: String!) {
  sendContactFormMail(senderEmail: $senderEmail, sender: $sender, message: $message) { success errors { field message } }
}`;

interface Answer {
  success: boolean;
  errors: { code: string; message: string; field?: string | null }[];
}

/** A webhook endpoint on 127.0.0.1 that answers with the queued status codes (then 200). */
class WebhookListener {
  received: { path: string; body: unknown }[] = [];
  statuses: number[] = [];
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const status = this.statuses.shift() ?? 200;
        if (status < 300) this.received.push({ path: request.url ?? '', body: JSON.parse(body) });
        response.writeHead(status).end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = null;
  }

  urls(): WebhookUrls {
    const base = `http://127.0.0.1:${this.port}`;
    return { contact: `${base}/contact`, referral: `${base}/referral`, soldOut: `${base}/soldout` };
  }
}

describe.each(databaseTargets)('Account, Kontakt, Empfehlung, Ausverkauft (%s)', (target) => {
  let portal: TestPortal;
  const listener = new WebhookListener();
  let kundeToken: string;
  let neukundeToken: string;

  const deliver = (urls: WebhookUrls) => {
    const mail = createMailTransport({
      smtpUrl: undefined,
      mailDir: portal.config.mailDir,
      from: 'test@example.com',
    });
    return dispatchOutboxOnce(portal.db, createOutboxHandlers({ mail, webhooks: urls }), {
      retryBaseMs: 0,
      leaseMs: 0,
    });
  };
  const login = async (email: string) => {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, {
      email,
      password: 'Weindepot2026!',
    });
    return answer.data?.tokenAuth.token as string;
  };

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    await listener.start();
    kundeToken = await login('kunde@example.com');
    neukundeToken = await login('neukunde@example.com');
  });
  afterAll(async () => {
    await listener.stop();
    await portal?.close();
  });
  beforeEach(async () => {
    await portal.db.delete(outbox);
    listener.received = [];
    listener.statuses = [];
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

  describe('contact requests', () => {
    const request = {
      salutation: 'Frau',
      firstName: 'Anna',
      lastName: 'Berger',
      message: 'Ich interessiere mich für Bordeaux.',
      privacyAccepted: true,
    };

    it('refuses incomplete forms with German messages', async () => {
      const answer = await portal.gql<{ sendContactRequest: Answer }>(
        CONTACT,
        { ...request, message: ' ', privacyAccepted: false, callback: true, phone: '' },
        { token: kundeToken },
      );
      expect(answer.data?.sendContactRequest.errors.map((error) => error.message)).toEqual([
        'Bitte geben Sie eine Nachricht ein.',
        'Bitte bestätigen Sie die Datenschutzrichtlinien.',
        'Bitte geben Sie eine gültige Telefonnummer ein.',
      ]);
      const past = await portal.gql<{ sendContactRequest: Answer }>(
        CONTACT,
        { ...request, callback: true, phone: '+49 30 123456', callbackAt: '2020-01-01T10:00:00Z' },
        { token: kundeToken },
      );
      expect(past.data?.sendContactRequest.errors[0]?.message).toBe(
        'Bitte wählen Sie einen Zeitpunkt in der Zukunft.',
      );
    });

    it('refuses a visitor without a proposal uid', async () => {
      const answer = await portal.gql<{ sendContactRequest: Answer }>(CONTACT, request);
      expect(answer.data?.sendContactRequest.errors[0]?.code).toBe('UNAUTHENTICATED');
    });

    it('stores a callback request and delivers the exact payload to the webhook', async () => {
      const answer = await portal.gql<{ sendContactRequest: Answer }>(
        CONTACT,
        { ...request, callback: true, phone: '+49 30 123456', callbackAt: '2030-05-06T12:30:00Z' },
        { token: kundeToken },
      );
      expect(answer.data?.sendContactRequest.success).toBe(true);
      const stored = await portal.db.select().from(contactRequests);
      expect(stored.at(-1)).toMatchObject({
        email: 'kunde@example.com',
        callback: true,
        phone: '+49 30 123456',
      });

      expect(await deliver(listener.urls())).toBe(1);
      expect(listener.received).toEqual([
        {
          path: '/contact',
          body: {
            salutation: 'Frau',
            email: 'kunde@example.com',
            firstName: 'Anna',
            lastName: 'Berger',
            phone: '+49 30 123456',
            message:
              'Ich interessiere mich für Bordeaux.\n\nRückrufbitte: Bitte rufen Sie mich unter +49 30 123456 am 06.05.2030, 14:30 Uhr zurück.',
          },
        },
      ]);
    });

    it('takes the e-mail of the proposal a visitor passes', async () => {
      const [profile] = await portal.db
        .select()
        .from(preferencesProfiles)
        .where(eq(preferencesProfiles.archived, false))
        .limit(1);
      const answer = await portal.gql<{ sendContactRequest: Answer }>(CONTACT, {
        ...request,
        uid: profile?.uid,
      });
      expect(answer.data?.sendContactRequest.success).toBe(true);
      await deliver(listener.urls());
      expect(listener.received[0]?.body).toEqual({
        salutation: 'Frau',
        email: profile?.email,
        firstName: 'Anna',
        lastName: 'Berger',
        phone: '',
        message: 'Ich interessiere mich für Bordeaux.',
      });
      const unknown = await portal.gql<{ sendContactRequest: Answer }>(CONTACT, {
        ...request,
        uid: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.data?.sendContactRequest.errors[0]?.code).toBe('NOT_FOUND');
      // An archived proposal is gone: its uid no longer relays requests.
      const [archived] = await portal.db
        .select()
        .from(preferencesProfiles)
        .where(eq(preferencesProfiles.archived, true))
        .limit(1);
      expect(archived).toBeDefined();
      const gone = await portal.gql<{ sendContactRequest: Answer }>(CONTACT, {
        ...request,
        uid: archived?.uid,
      });
      expect(gone.data?.sendContactRequest.errors[0]?.code).toBe('NOT_FOUND');
    });

    it('is delivered exactly once after a listener answered 500 twice', async () => {
      await portal.gql(CONTACT, request, { token: kundeToken });
      listener.statuses = [500, 500, 200];
      await deliver(listener.urls());
      await deliver(listener.urls());
      expect(listener.received).toEqual([]);
      const [pending] = await portal.db.select().from(outbox);
      expect(pending).toMatchObject({
        status: 'PENDING',
        attempts: 2,
        lastError: 'Webhook contact: HTTP 500',
      });
      await deliver(listener.urls());
      expect(await deliver(listener.urls())).toBe(0);
      expect(listener.received).toHaveLength(1);
      const [row] = await portal.db.select().from(outbox);
      expect(row).toMatchObject({ status: 'DONE', attempts: 3 });
    });

    it('stays stored while the listener is down and is delivered when it is back', async () => {
      const down = new WebhookListener();
      await down.start();
      const urls = down.urls();
      const port = down.port;
      await down.stop();
      await portal.gql(CONTACT, request, { token: kundeToken });
      await deliver(urls);
      const [waiting] = await portal.db.select().from(outbox);
      expect(waiting?.status).toBe('PENDING');
      expect(waiting?.lastError).toBeTruthy();

      await down.start(port);
      await deliver(urls);
      await down.stop();
      expect(down.received).toEqual([
        { path: '/contact', body: expect.objectContaining({ email: 'kunde@example.com' }) },
      ]);
      const [row] = await portal.db.select().from(outbox);
      expect(row?.status).toBe('DONE');
    });

    it('limits requests per visitor IP', async () => {
      const [profile] = await portal.db
        .select()
        .from(preferencesProfiles)
        .where(eq(preferencesProfiles.archived, false))
        .limit(1);
      const send = () =>
        portal.gql<{ sendContactRequest: Answer }>(
          CONTACT,
          { ...request, uid: profile?.uid },
          { ip: '10.9.8.7' },
        );
      for (let i = 0; i < 20; i++) expect((await send()).data?.sendContactRequest.success).toBe(true);
      expect((await send()).data?.sendContactRequest.errors[0]?.code).toBe('RATE_LIMITED');
    });

    it('is recorded as skipped without a configured URL', async () => {
      await portal.gql(CONTACT, request, { token: kundeToken });
      await deliver({});
      const [row] = await portal.db.select().from(outbox);
      expect(row?.status).toBe('SKIPPED');
      expect(listener.received).toEqual([]);
    });
  });

  describe('referrals', () => {
    it('needs first and last name', async () => {
      const answer = await portal.gql<{ sendReferral: Answer }>(
        REFERRAL,
        { salutation: 'Herr', formOfAddress: 'Du', firstName: '', lastName: ' ' },
        { token: kundeToken },
      );
      expect(answer.data?.sendReferral.errors.map((error) => error.message)).toEqual([
        'Bitte geben Sie einen Vornamen an.',
        'Bitte geben Sie einen Nachnamen an.',
      ]);
      expect(
        (
          await portal.gql(REFERRAL, {
            salutation: 'Herr',
            formOfAddress: 'Du',
            firstName: 'a',
            lastName: 'b',
          })
        ).errors?.[0]?.extensions?.code,
      ).toBe('UNAUTHENTICATED');
    });

    it('answers the generated message, stores it and delivers {empfehlung, geberEmail}', async () => {
      const answer = await portal.gql<{ sendReferral: Answer & { message: string } }>(
        REFERRAL,
        { salutation: 'Herr', formOfAddress: 'Sie', firstName: 'Max', lastName: 'Huber' },
        { token: kundeToken },
      );
      const message = answer.data?.sendReferral.message as string;
      expect(message.startsWith('Sehr geehrter Herr Huber,')).toBe(true);
      expect(message.endsWith('Mit freundlichen Grüßen\nAnna Berger')).toBe(true);
      const [stored] = await portal.db.select().from(referrals);
      expect(stored).toMatchObject({ firstName: 'Max', lastName: 'Huber', formOfAddress: 'Sie', message });
      await deliver(listener.urls());
      expect(listener.received).toEqual([
        { path: '/referral', body: { empfehlung: message, geberEmail: 'kunde@example.com' } },
      ]);
    });
  });

  describe('sold-out requests', () => {
    it('remembers the request once per user and vintage and delivers {email, wein}', async () => {
      const [lafite] = await portal.db
        .select({ id: vintages.id })
        .from(vintages)
        .innerJoin(wines, eq(wines.id, vintages.wineId))
        .where(and(eq(wines.title, 'Château Lafite Rothschild'), eq(vintages.year, 2010)));
      const vintageId = lafite?.id as number;
      for (let i = 0; i < 2; i++) {
        const answer = await portal.gql<{ requestSoldOutNotification: Answer }>(
          SOLD_OUT,
          { vintageId },
          { token: kundeToken },
        );
        expect(answer.data?.requestSoldOutNotification.success).toBe(true);
      }
      expect(await portal.db.select().from(soldOutRequests)).toHaveLength(1);
      await deliver(listener.urls());
      expect(listener.received).toEqual([
        { path: '/soldout', body: { email: 'kunde@example.com', wein: 'Château Lafite Rothschild 2010' } },
      ]);
      const me = await portal.gql<{ me: { soldOutRequestVintageIds: number[] } }>(
        ME,
        {},
        { token: kundeToken },
      );
      expect(me.data?.me.soldOutRequestVintageIds).toEqual([vintageId]);
      const unknown = await portal.gql<{ requestSoldOutNotification: Answer }>(
        SOLD_OUT,
        { vintageId: 999999 },
        { token: kundeToken },
      );
      expect(unknown.data?.requestSoldOutNotification.errors[0]?.message).toBe(
        'Dieser Wein wurde nicht gefunden.',
      );
    });
  });

  describe('sendContactFormMail', () => {
    it('validates and mails the message to the service team', async () => {
      const bad = await portal.gql<{ sendContactFormMail: Answer }>(
        CONTACT_MAIL,
        { senderEmail: 'x', sender: '', message: '' },
        { token: kundeToken },
      );
      expect(bad.data?.sendContactFormMail.errors.map((error) => error.field)).toEqual([
        'senderEmail',
        'sender',
        'message',
      ]);
      const answer = await portal.gql<{ sendContactFormMail: Answer }>(
        CONTACT_MAIL,
        { senderEmail: 'kunde@example.com', sender: 'Anna Berger', message: 'Bitte rufen Sie mich an.' },
        { token: kundeToken },
      );
      expect(answer.data?.sendContactFormMail.success).toBe(true);
      await portal.deliverOutbox();
      const [mail] = await portal.mailsTo(portal.config.supportEmail);
      expect(mail?.subject).toBe('Kontaktanfrage von Anna Berger');
      expect(mail?.replyTo).toBe('kunde@example.com');
    });

    it('always names the signed-in client as sender; a given address appears only as "Antwort an"', async () => {
      await portal.createUser('absender@example.com');
      const token = await login('absender@example.com');
      const answer = await portal.gql<{ sendContactFormMail: Answer }>(
        CONTACT_MAIL,
        { senderEmail: 'chef@bank.example', sender: 'Vorstand der Bank', message: 'Bitte überweisen Sie.' },
        { token },
      );
      expect(answer.data?.sendContactFormMail.success).toBe(true);
      await portal.deliverOutbox();
      const mail = (await portal.mailsTo(portal.config.supportEmail)).find((written) =>
        written.text.includes('Bitte überweisen Sie.'),
      );
      expect(mail?.subject).toBe('Kontaktanfrage von Test Person');
      expect(mail?.replyTo).toBe('absender@example.com');
      expect(mail?.to).toBe(portal.config.supportEmail);
      expect(mail?.text).toContain('Nachricht von Test Person <absender@example.com> (Kundenkonto):');
      expect(mail?.text).toContain('Antwort an: chef@bank.example');
      expect(await portal.mailsTo('chef@bank.example')).toEqual([]);
    });

    it('limits contact mails per client and per IP address', async () => {
      await portal.createUser('vielschreiber@example.com');
      const token = await login('vielschreiber@example.com');
      const send = (index: number, sessionToken: string, ip: string) =>
        portal.gql<{ sendContactFormMail: Answer }>(
          CONTACT_MAIL,
          { senderEmail: 'vielschreiber@example.com', sender: 'V', message: `Nachricht ${index}` },
          { token: sessionToken, ip },
        );
      for (let i = 0; i < 20; i++)
        expect((await send(i, token, `198.51.100.${i + 1}`)).data?.sendContactFormMail.success).toBe(true);
      const limited = await send(20, token, '198.51.100.50');
      expect(limited.data?.sendContactFormMail.success).toBe(false);
      expect(limited.data?.sendContactFormMail.errors[0]?.message).toBe(
        'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
      );
      await portal.deliverOutbox();
      const mails = (await portal.mailsTo(portal.config.supportEmail)).filter((mail) =>
        mail.text.includes('vielschreiber@example.com'),
      );
      expect(mails).toHaveLength(20);

      // Per IP over all clients: 60 an hour.
      for (let i = 0; i < 60; i++)
        await countEvent(portal.db, 'contact-mail:ip:198.51.100.60', rateLimits.contactMailsPerIp);
      expect((await send(21, neukundeToken, '198.51.100.60')).data?.sendContactFormMail.success).toBe(false);
      expect((await send(22, neukundeToken, '198.51.100.61')).data?.sendContactFormMail.success).toBe(true);
    });
  });

  describe('abuse limits of referrals', () => {
    it('limits referrals per client and per IP address', async () => {
      await portal.createUser('empfehler@example.com');
      const token = await login('empfehler@example.com');
      const refer = (index: number, ip: string) =>
        portal.gql<{ sendReferral: Answer & { message: string | null } }>(
          REFERRAL,
          { salutation: 'Herr', formOfAddress: 'Sie', firstName: 'Max', lastName: `Muster${index}` },
          { token, ip },
        );
      for (let i = 0; i < 20; i++)
        expect((await refer(i, '192.0.2.70')).data?.sendReferral.success).toBe(true);
      const limited = await refer(20, '192.0.2.71');
      expect(limited.data?.sendReferral).toMatchObject({ success: false, message: null });
      expect(limited.data?.sendReferral.errors[0]?.code).toBe('RATE_LIMITED');
      const stored = await portal.db.select().from(referrals).where(eq(referrals.lastName, 'Muster20'));
      expect(stored).toEqual([]);
    });
  });
});
