/**
 * Referrals (their message, payload and limits) and requests to be told when a sold-out wine is back.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { referrals, soldOutRequests, vintages, wines } from '../../server/db/schema';
import { type Answer, accountJourney, accountOperation } from './support/account-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const ME = accountOperation('Me');
const REFERRAL = accountOperation('SendReferral');
const SOLD_OUT = accountOperation('RequestSoldOutNotification');

describe.each(databaseTargets)('Empfehlungen und Ausverkauft-Anfragen (%s)', (target) => {
  const journey = accountJourney(target);
  const { listener, deliver, login } = journey;
  let portal: TestPortal;
  let kundeToken: string;
  beforeAll(() => {
    ({ portal, kundeToken } = journey);
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
});
