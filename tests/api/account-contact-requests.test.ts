/**
 * Contact and callback requests: German validation, a visitor only with a proposal uid, the exact
 * payload delivered to the webhook once (after failures and while it is down), and the IP limits.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, outbox, preferencesProfiles } from '../../server/db/schema';
import { type Answer, accountJourney, accountOperation, WebhookListener } from './support/account-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const CONTACT = accountOperation('SendContactRequest');

describe.each(databaseTargets)('Kontaktanfragen (%s)', (target) => {
  const journey = accountJourney(target);
  const { listener, deliver } = journey;
  let portal: TestPortal;
  let kundeToken: string;
  beforeAll(() => {
    ({ portal, kundeToken } = journey);
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
});
