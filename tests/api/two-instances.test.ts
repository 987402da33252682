/**
 * Two server instances on one Postgres, as on two machines behind a proxy (README "Running at
 * scale"): two production processes on their own ports and data folders with the same
 * `DATABASE_URL` and the same secrets from the environment. Both may start at the same moment on a
 * fresh database (migration and seeding run under an advisory lock, once); a session from one is
 * valid on the other, and a logout on one ends it on the other at once; the rate limits count across both; a client's queued changes, replayed half
 * to one and half to the other, apply exactly once; and the two outbox dispatchers deliver every
 * mail exactly once.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { offers, outbox, partialOffers, users } from '../../server/db/schema';
import { databaseTargets } from './support/harness';
import { readMailbox } from './support/mailbox';
import {
  createServerSetup,
  postGraphQL,
  type ServerProcess,
  type ServerSetup,
} from './support/server-process';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CREATE = `mutation ($offerId: Int!, $amount: Int!, $id: String) {
  createOrderPosition(offerId: $offerId, amount: $amount, clientMutationId: $id) {
    success errors { message code } orderPosition { id amount }
  }
}`;
const ORDER_LIST = '{ orderPositionList { id amount offer { id } } }';
const PASSWORD_LINK = 'mutation { requestPasswordLink { success errors { message code } } }';
const ME = '{ me { email } }';
const LOGOUT = 'mutation { logout { success } }';
const REFRESH = 'mutation ($token: String!) { refreshToken(token: $token) { token } }';

describe.each(databaseTargets.filter((target) => target === 'postgres'))(
  'Zwei Instanzen auf einer Datenbank (%s)',
  (target) => {
    let first: ServerSetup;
    let second: ServerSetup;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      const vapid = webpush.generateVAPIDKeys();
      const secrets = {
        JWT_SECRET: `zwei-instanzen-${randomUUID()}`,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        PAYMENT_WEBHOOK_SECRET: randomUUID(),
        MEDIA_URL_SECRET: randomUUID(),
        // Both dispatchers look often, so they really compete for the same rows.
        OUTBOX_RETRY_BASE_SECONDS: '1',
      };
      first = await createServerSetup(target, { port: 4760, env: secrets });
      second = await createServerSetup(target, {
        port: 4761,
        env: secrets,
        sharedDatabaseUrl: first.databaseUrl as string,
      });
      // The same moment, on a database that is still empty.
      [a, b] = await Promise.all([first.start(), second.start()]);
    }, 300_000);

    afterAll(async () => {
      await second?.cleanup();
      await first?.cleanup();
    });

    const signIn = async (server: ServerProcess, email: string) => {
      const answer = await postGraphQL<{ tokenAuth: { token: string } }>(server.url, LOGIN, {
        email,
        password: PASSWORD,
      });
      const token = answer.data?.tokenAuth.token;
      if (!token) throw new Error(`Anmeldung fehlgeschlagen: ${answer.text}`);
      return token;
    };

    it('starting both at once migrates and seeds the database once', async () => {
      const seeded = [a, b].filter((server) => server.output().includes('Erster Start')).length;
      expect(seeded).toBe(1);
      const demoClients = await first.withDatabase((db) =>
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.email, 'kunde@example.com')),
      );
      expect(demoClients[0]?.count).toBe(1);
    });

    it('accepts a session signed in on one instance on the other', async () => {
      const token = await signIn(a, 'kunde@example.com');
      const list = await postGraphQL<{ orderPositionList: unknown[] }>(b.url, ORDER_LIST, {}, token);
      expect(list.errors).toBeUndefined();
      expect(Array.isArray(list.data?.orderPositionList)).toBe(true);
    });

    it('ends a session logged out on one instance at once on the other, its refresh too', async () => {
      const token = await signIn(a, 'kunde@example.com');
      const stays = await signIn(a, 'kunde@example.com');
      // The other instance has seen and accepted the token (its signature check is memoised there).
      expect((await postGraphQL<{ me: { email: string } }>(b.url, ME, {}, token)).data?.me?.email).toBe(
        'kunde@example.com',
      );
      const out = await postGraphQL<{ logout: { success: boolean } }>(a.url, LOGOUT, {}, token);
      expect(out.data?.logout.success).toBe(true);
      expect((await postGraphQL<{ me: null }>(b.url, ME, {}, token)).data?.me).toBeNull();
      const refreshed = await postGraphQL(b.url, REFRESH, { token });
      expect(refreshed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await postGraphQL<{ me: { email: string } }>(b.url, ME, {}, stays)).data?.me?.email).toBe(
        'kunde@example.com',
      );
    });

    it('counts failed sign-ins across both instances', async () => {
      const wrong = (server: ServerProcess) =>
        postGraphQL(server.url, LOGIN, { email: 'neukunde@example.com', password: 'falsch' });
      // The limit per address and IP is 10: five on each instance use it up together.
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await wrong(attempt % 2 === 0 ? a : b);
        expect(answer.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
      }
      for (const server of [a, b]) {
        const answer = await wrong(server);
        expect(answer.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      }
    });

    it('applies a client’s queued changes exactly once when they are replayed to both instances', async () => {
      const stocked = await first.withDatabase((db) =>
        db
          .selectDistinct({ id: offers.id })
          .from(offers)
          .innerJoin(partialOffers, eq(partialOffers.offerId, offers.id))
          .where(
            and(
              eq(offers.archived, false),
              eq(offers.onRequest, false),
              gt(partialOffers.quantityAvailable, 4),
            ),
          )
          .orderBy(offers.id)
          .limit(4),
      );
      expect(stocked.length).toBe(4);
      const token = await signIn(b, 'kunde@example.com');
      const before = await postGraphQL<{ orderPositionList: { id: number }[] }>(a.url, ORDER_LIST, {}, token);
      const changes = stocked.map((offer, index) => ({
        offerId: offer.id,
        amount: index + 1,
        id: randomUUID(),
      }));
      // The outbox sent each change, lost the answer, and sends it again after a reconnect: the
      // first try to one instance, the replay to the other, some of them at the same moment.
      await Promise.all(
        changes.map(async (change, index) => {
          const [one, other] = index % 2 === 0 ? [a, b] : [b, a];
          if (index < 2) {
            await postGraphQL(one.url, CREATE, change, token);
            await postGraphQL(other.url, CREATE, change, token);
          } else {
            await Promise.all([
              postGraphQL(one.url, CREATE, change, token),
              postGraphQL(other.url, CREATE, change, token),
            ]);
          }
        }),
      );
      const after = await postGraphQL<{ orderPositionList: { amount: number; offer: { id: number } }[] }>(
        b.url,
        ORDER_LIST,
        {},
        token,
      );
      const added = (after.data?.orderPositionList ?? []).filter((position) =>
        changes.some((change) => change.offerId === position.offer.id),
      );
      expect((after.data?.orderPositionList ?? []).length).toBe(
        (before.data?.orderPositionList ?? []).length + 4,
      );
      expect(added.map((position) => [position.offer.id, position.amount]).sort()).toEqual(
        changes.map((change) => [change.offerId, change.amount]).sort(),
      );
    });

    it('delivers every mail exactly once although both dispatchers run', async () => {
      const recipients = ['kunde@example.com', 'berater@example.com', 'thomas.keller@example.com'];
      const tokens = await Promise.all(recipients.map((email) => signIn(a, email)));
      // Two password links per address, asked alternately on the two instances.
      for (const [index, token] of tokens.entries()) {
        for (const server of index % 2 === 0 ? [a, b] : [b, a]) {
          const answer = await postGraphQL<{ requestPasswordLink: { success: boolean } }>(
            server.url,
            PASSWORD_LINK,
            {},
            token,
          );
          expect(answer.data?.requestPasswordLink.success).toBe(true);
        }
      }
      const deadline = Date.now() + 60_000;
      for (;;) {
        const pending = await first.withDatabase((db) =>
          db
            .select({ count: sql<number>`count(*)::int` })
            .from(outbox)
            .where(inArray(outbox.status, ['PENDING'])),
        );
        if (pending[0]?.count === 0) break;
        if (Date.now() > deadline) throw new Error('Der Postausgang wurde nicht in 60 s geleert');
        await sleep(200);
      }
      const mails = [
        ...(await readMailbox(path.join(first.dataDir, 'mail'))),
        ...(await readMailbox(path.join(second.dataDir, 'mail'))),
      ].filter((mail) => /passwort/i.test(mail.subject));
      expect(mails.length).toBe(6);
      for (const recipient of recipients) {
        expect(mails.filter((mail) => mail.to.includes(recipient)).length, recipient).toBe(2);
      }
    }, 120_000);
  },
);
