/**
 * Crash faults against the production server as a child process, SIGKILLed and
 * started again on the same data:
 * - the PWA's order-list outbox replays 100 queued changes while the server dies twice (once right
 *   after committing a change whose answer never reaches the client, once at an arbitrary moment
 *   of a request); every change must be applied exactly once;
 * - the outbox dispatcher delivers mails and webhooks and the server dies after a webhook reached
 *   its receiver but before the delivery was recorded; every side effect must arrive (at most once
 *   per idempotency key, the key identical on a redelivery) or end as DEAD after its retries.
 * - a Postgres restart under load (item 8, at the end of this file).
 * No timing is asserted: every wait is for an observable state, bounded generously.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { GraphQLClient } from 'graphql-request';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox, processedMutations, users } from '../../server/db/schema';
import { outboxIdempotencyKey } from '../../server/jobs/outbox-handlers';
import { sendOrderChange } from '../../src/features/order-list/api/order-changes';
import {
  clearOutbox,
  queueOrderChange,
  readOutbox,
  replayOutbox,
} from '../../src/features/order-list/api/outbox-store';
import {
  type OrderChange,
  type OutboxEntry,
  unsentEntries,
} from '../../src/features/order-list/model/outbox-queue';
import { databaseTargets } from './support/harness';
import { startPostgresProxy } from './support/postgres-proxy';
import {
  createServerSetup,
  postGraphQL,
  type ServerProcess,
  type ServerSetup,
  signIn,
} from './support/server-process';

const EMAIL = 'kunde@example.com';
const PASSWORD = 'Weindepot2026!';
const TEST_TIMEOUT_MS = 600_000;
/** Ports of this file (4677–4689 are reserved for the fault and load tests). */
const ports = {
  replay: { pglite: 4677, postgres: 4678 },
  dispatcher: { pglite: 4679, postgres: 4680 },
  databaseRestart: 4681,
  gracefulStop: { pglite: 4683, postgres: 4684 },
};

let setup: ServerSetup | undefined;
afterEach(async () => {
  await setup?.cleanup();
  setup = undefined;
});

/** Polls `condition` until it holds; fails with `explain()` after `limitMs` (a bound, not a measurement). */
async function waitFor(
  condition: () => boolean | Promise<boolean>,
  explain: () => string,
  limitMs = 180_000,
) {
  const end = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Zustand nicht erreicht: ${explain()}`);
    await sleep(100);
  }
}

interface ListedPosition {
  id: number;
  amount: number;
  conditionReport: boolean;
  offer: { id: number };
}

async function orderList(server: ServerProcess, token: string): Promise<ListedPosition[]> {
  const answer = await postGraphQL<{ orderPositionList: ListedPosition[] }>(
    server.url,
    '{ orderPositionList { id amount conditionReport offer { id } } }',
    {},
    token,
  );
  if (!answer.data) throw new Error(`Orderliste nicht lesbar: ${answer.text}`);
  return answer.data.orderPositionList;
}

describe.each(databaseTargets)('Absturz während der Outbox-Wiedergabe der Orderliste (%s)', (target) => {
  it(
    'applies every one of 100 replayed changes exactly once although the server is SIGKILLed twice',
    async () => {
      setup = await createServerSetup(target, { port: ports.replay[target] });
      let server = await setup.start();
      let token = await signIn(server.url, EMAIL, PASSWORD);

      // The offers and the list as the client sees them before going offline.
      const search = await postGraphQL<{
        searchOffers: { available: { id: number; availableCases: number }[] };
      }>(server.url, '{ searchOffers { available { id availableCases } } }', {}, token);
      const before = await orderList(server, token);
      const onList = new Set(before.map((position) => position.offer.id));
      const candidates = (search.data?.searchOffers.available ?? [])
        .filter((offer) => !onList.has(offer.id))
        .sort((a, b) => b.availableCases - a.availableCases);
      // Two offers take 25 single-case additions each (a doubled one would show as 26), ten
      // offers get a position now and then 2 additions, 1 change, 2 additions each while offline.
      const bulk = candidates.slice(0, 2);
      const mixed = candidates.slice(2, 12);
      expect(bulk.every((offer) => offer.availableCases >= 26)).toBe(true);
      expect(mixed).toHaveLength(10);
      expect(mixed.every((offer) => offer.availableCases >= 5)).toBe(true);
      for (const offer of mixed) {
        const created = await postGraphQL<{ createOrderPosition: { success: boolean } }>(
          server.url,
          'mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 1) { success } }',
          { offerId: offer.id },
          token,
        );
        expect(created.data?.createOrderPosition.success).toBe(true);
      }
      const start = await orderList(server, token);
      const positionOf = new Map(start.map((position) => [position.offer.id, position]));

      // 100 queued changes in the device's outbox (IndexedDB), as the PWA queues them offline.
      await clearOutbox(EMAIL);
      const changes: OrderChange[] = [];
      for (let round = 0; round < 25; round++) {
        for (const offer of bulk)
          changes.push({ kind: 'create', offerId: offer.id, amount: 1, title: `#${offer.id}` });
      }
      for (const step of ['create', 'create', 'change', 'create', 'create'] as const) {
        for (const offer of mixed) {
          const position = positionOf.get(offer.id);
          if (!position) throw new Error(`Position für Angebot ${offer.id} fehlt`);
          changes.push(
            step === 'create'
              ? { kind: 'create', offerId: offer.id, amount: 1, title: `#${offer.id}` }
              : {
                  kind: 'change',
                  orderPositionId: position.id,
                  amount: 3,
                  conditionReport: true,
                  title: `#${offer.id}`,
                },
          );
        }
      }
      for (const change of changes) await queueOrderChange(EMAIL, change);
      const queued = await readOutbox(EMAIL);
      expect(queued).toHaveLength(100);

      // The expected list: every change applied once, in queue order.
      const expected = new Map(
        start.map((position) => [
          position.offer.id,
          { amount: position.amount, conditionReport: position.conditionReport },
        ]),
      );
      for (const { change } of queued) {
        if (change.kind === 'create') {
          const current = expected.get(change.offerId);
          expected.set(change.offerId, {
            amount: (current?.amount ?? 0) + change.amount,
            conditionReport: current?.conditionReport ?? false,
          });
        } else if (change.kind === 'change') {
          const offerId = start.find((position) => position.id === change.orderPositionId)?.offer
            .id as number;
          expected.set(offerId, {
            amount: change.amount ?? 0,
            conditionReport: change.conditionReport ?? false,
          });
        }
      }

      // Crash 1: the 30th change is committed, then the server dies before its answer arrives.
      // Crash 2: the server dies while the 65th change is on its way (whether it got committed or
      // not is left to chance; either way the client resends it).
      const crashes = new Map<string, 'after-commit' | 'in-flight'>([
        [(queued[29] as OutboxEntry).id, 'after-commit'],
        [(queued[64] as OutboxEntry).id, 'in-flight'],
      ]);
      const crashingFetch: typeof fetch = async (input, init) => {
        const body = typeof init?.body === 'string' ? init.body : '';
        const planned = [...crashes.entries()].find(([id]) => body.includes(id));
        if (!planned) return fetch(input, init);
        crashes.delete(planned[0]);
        if (planned[1] === 'after-commit') {
          const response = await fetch(input, init);
          const answer = await response.text();
          expect(answer).toContain('"success":true');
          await server.kill();
          throw new TypeError('fetch failed: die Antwort ging verloren');
        }
        const sending = fetch(input, init);
        // It may fail while the kill is awaited; the caller sees that failure when it awaits it.
        sending.catch(() => undefined);
        await sleep(2);
        await server.kill();
        return sending;
      };
      const clientFor = (current: ServerProcess, currentToken: string) =>
        new GraphQLClient(`${current.url}/graphql`, {
          headers: { authorization: `JWT ${currentToken}` },
          fetch: crashingFetch,
        });

      let restarts = 0;
      let refused = 0;
      for (;;) {
        const client = clientFor(server, token);
        try {
          const result = await replayOutbox(EMAIL, (entry) => sendOrderChange(client, entry));
          refused += result.refused;
          break;
        } catch {
          // The connection broke: the rest stays queued, the app retries once the server is back.
          expect(server.alive()).toBe(false);
          expect(restarts).toBeLessThan(2);
          restarts += 1;
          server = await setup.start();
          token = await signIn(server.url, EMAIL, PASSWORD);
        }
      }
      expect(restarts).toBe(2);
      expect(refused).toBe(0);
      // Nothing is left to send: every entry is marked applied (it leaves the outbox once the
      // PWA's order list is fetched again, see overlayOrder/settledEntries).
      const afterReplay = await readOutbox(EMAIL);
      expect(unsentEntries(afterReplay)).toEqual([]);
      expect(afterReplay.every((entry) => entry.status === 'applied')).toBe(true);

      // The worst case: the client lost every answer and sends all 100 changes again. Each is
      // answered with its recorded result and changes nothing.
      const plainClient = new GraphQLClient(`${server.url}/graphql`, {
        headers: { authorization: `JWT ${token}` },
      });
      for (const entry of queued) {
        expect(await sendOrderChange(plainClient, entry)).toEqual({ outcome: 'applied' });
      }

      const after = await orderList(server, token);
      const actual = new Map(
        after.map((position) => [
          position.offer.id,
          { amount: position.amount, conditionReport: position.conditionReport },
        ]),
      );
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));

      // Exactly one recorded result per change, all of them applied.
      await server.stop();
      const recorded = await setup.withDatabase(async (db) =>
        db
          .select({ id: processedMutations.clientMutationId, result: processedMutations.result })
          .from(processedMutations)
          .innerJoin(users, eq(users.id, processedMutations.userId))
          .where(eq(users.email, EMAIL)),
      );
      expect(recorded).toHaveLength(100);
      expect(new Set(recorded.map((row) => row.id))).toEqual(new Set(queued.map((entry) => entry.id)));
      expect(recorded.every((row) => row.result.success === true)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});

interface Delivery {
  target: string;
  key: string | undefined;
  body: string;
}

/** The automation endpoint: records every request; /soldout always fails with 500. */
function startReceiver() {
  const deliveries: Delivery[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let crashOn: { nth: number; crash: () => Promise<void> } | null = null;
  let crashedKey: string | undefined;
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    // Held until the test has made every request, so the crash comes while deliveries are pending.
    await gate;
    const header = request.headers['idempotency-key'];
    const delivery: Delivery = {
      target: (request.url ?? '/').slice(1),
      key: Array.isArray(header) ? header[0] : header,
      body,
    };
    deliveries.push(delivery);
    if (delivery.target === 'soldout') {
      response.writeHead(500).end('kaputt');
      return;
    }
    const referrals = deliveries.filter((item) => item.target === 'referral').length;
    if (crashOn && delivery.target === 'referral' && referrals === crashOn.nth) {
      // Received, but the portal dies before it learns that: it cannot mark the row as delivered.
      const { crash } = crashOn;
      crashOn = null;
      crashedKey = delivery.key;
      await crash();
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  return {
    deliveries,
    crashedKey: () => crashedKey,
    async listen(): Promise<string> {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Lets held and later requests through; the `nth` referral request crashes the portal. */
    release(nth: number, crash: () => Promise<void>) {
      crashOn = { nth, crash };
      open();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Message-ID → how many .eml files carry it. */
async function writtenMessageIds(mailDir: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of await readdir(mailDir).catch(() => [] as string[])) {
    if (!name.endsWith('.eml')) continue;
    const raw = await readFile(path.join(mailDir, name), 'utf8');
    const id = raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim() ?? `(ohne Message-ID: ${name})`;
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  return ids;
}

describe.each(databaseTargets)('Absturz während der Zustellung aus dem Postausgang (%s)', (target) => {
  const receiver = startReceiver();

  it(
    'delivers every mail and webhook (at most once per idempotency key) or marks it DEAD, nothing lost',
    async () => {
      const maxAttempts = 4;
      const hooks = await receiver.listen();
      try {
        setup = await createServerSetup(target, {
          port: ports.dispatcher[target],
          env: {
            REFERRAL_WEBHOOK_URL: `${hooks}/referral`,
            SOLDOUT_WEBHOOK_URL: `${hooks}/soldout`,
            CONTACT_WEBHOOK_URL: `${hooks}/contact`,
            // A crashed process's claimed rows come back after 1 s; failures retry after 0.2, 0.4, 0.8 s.
            OUTBOX_LEASE_SECONDS: '1',
            OUTBOX_RETRY_BASE_SECONDS: '0.2',
            OUTBOX_MAX_ATTEMPTS: String(maxAttempts),
          },
        });
        let server = await setup.start();
        const token = await signIn(server.url, EMAIL, PASSWORD);
        const mailDir = path.join(setup.dataDir, 'mail');

        // 12 mails and 12 referral webhooks, interleaved, and 3 sold-out webhooks that always fail.
        const vintages = await postGraphQL<{ allVintages: { id: number }[] }>(
          server.url,
          '{ allVintages { id } }',
        );
        const soldOutVintages = (vintages.data?.allVintages ?? []).slice(0, 3);
        expect(soldOutVintages).toHaveLength(3);
        for (let index = 0; index < 12; index++) {
          const mail = await postGraphQL<{ sendContactFormMail: { success: boolean } }>(
            server.url,
            'mutation ($message: String!) { sendContactFormMail(senderEmail: "kunde@example.com", sender: "Anna Berger", message: $message) { success } }',
            { message: `Nachricht ${index} (${randomUUID()})` },
            token,
          );
          expect(mail.data?.sendContactFormMail.success).toBe(true);
          const referral = await postGraphQL<{ sendReferral: { success: boolean } }>(
            server.url,
            'mutation ($lastName: String!) { sendReferral(salutation: "Frau", formOfAddress: "Sie", firstName: "Erika", lastName: $lastName) { success } }',
            { lastName: `Muster-${index}` },
            token,
          );
          expect(referral.data?.sendReferral.success).toBe(true);
          if (index < soldOutVintages.length) {
            const soldOut = await postGraphQL<{ requestSoldOutNotification: { success: boolean } }>(
              server.url,
              'mutation ($vintageId: Int!) { requestSoldOutNotification(vintageId: $vintageId) { success } }',
              { vintageId: soldOutVintages[index]?.id },
              token,
            );
            expect(soldOut.data?.requestSoldOutNotification.success).toBe(true);
          }
        }

        // The 5th referral reaches the receiver, then the server is killed before recording it.
        receiver.release(5, () => server.kill());
        await waitFor(
          () => !server.alive(),
          () => `Server nicht beendet; Zustellungen: ${receiver.deliveries.length}`,
        );
        server = await setup.start();

        const referralKeys = () =>
          new Set(receiver.deliveries.filter((item) => item.target === 'referral').map((item) => item.key));
        const soldOutAttempts = () => receiver.deliveries.filter((item) => item.target === 'soldout').length;
        await waitFor(
          async () =>
            referralKeys().size >= 12 &&
            (await writtenMessageIds(mailDir)).size >= 12 &&
            soldOutAttempts() >= 3 * maxAttempts,
          () =>
            `Webhooks ${referralKeys().size}/12, Versuche sold-out ${soldOutAttempts()}/${3 * maxAttempts}; Server:\n${server.output()}`,
        );

        // Stop gracefully (the dispatcher finishes its run) and read the outbox; rows still waiting
        // for a retry get another run of the server (an attempt lost in the crash has no request).
        let rows = [] as (typeof outbox.$inferSelect)[];
        for (let round = 0; ; round++) {
          await server.stop();
          rows = await setup.withDatabase((db) => db.select().from(outbox).orderBy(outbox.id));
          if (!rows.some((row) => row.status === 'PENDING') || round === 5) break;
          server = await setup.start();
          await sleep(3_000);
        }

        // Nothing lost: every row was delivered or gave up.
        expect(rows.filter((row) => row.status === 'PENDING')).toEqual([]);
        const mails = rows.filter((row) => row.kind === 'mail');
        const webhookRows = rows.filter((row) => row.kind === 'webhook');
        const referralRows = webhookRows.filter((row) => row.payload.target === 'referral');
        const soldOutRows = webhookRows.filter((row) => row.payload.target === 'soldOut');
        expect(mails).toHaveLength(12);
        expect(referralRows).toHaveLength(12);
        expect(soldOutRows).toHaveLength(3);
        expect(mails.every((row) => row.status === 'DONE')).toBe(true);
        expect(referralRows.every((row) => row.status === 'DONE')).toBe(true);
        // DEAD after its retries, with the reason.
        for (const row of soldOutRows) {
          expect(row).toMatchObject({
            status: 'DEAD',
            attempts: maxAttempts,
            lastError: 'Webhook soldOut: HTTP 500',
          });
        }

        // Webhooks: the receiver saw exactly the delivered rows' keys; a key seen twice carried the
        // same body both times (so handling each key once is correct), and the request cut by the
        // crash was delivered again under its key.
        const expectedKeys = new Set(referralRows.map((row) => outboxIdempotencyKey(row)));
        expect(referralKeys()).toEqual(expectedKeys);
        for (const row of referralRows) {
          const seen = receiver.deliveries.filter((item) => item.key === outboxIdempotencyKey(row));
          expect(new Set(seen.map((item) => item.body))).toEqual(new Set([JSON.stringify(row.payload.body)]));
        }
        const crashedKey = receiver.crashedKey();
        expect(crashedKey && expectedKeys.has(crashedKey)).toBe(true);
        expect(receiver.deliveries.filter((item) => item.key === crashedKey).length).toBeGreaterThanOrEqual(
          2,
        );
        // A failing endpoint got at most one request per try.
        for (const row of soldOutRows) {
          const tries = receiver.deliveries.filter((item) => item.key === outboxIdempotencyKey(row)).length;
          expect(tries).toBeLessThanOrEqual(maxAttempts);
        }

        // Mails: one Message-ID per delivered row, each written (a repeat would carry the same id).
        const messageIds = await writtenMessageIds(mailDir);
        expect(new Set(messageIds.keys())).toEqual(
          new Set(mails.map((row) => `<${outboxIdempotencyKey(row)}@weindepot.example>`)),
        );
      } finally {
        await receiver.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

/** An HTTP request sent in two parts: headers and half the body now, the rest on `finish()`. */
async function halfSentRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  const closed = once(socket, 'close').then(() => answer);
  socket.on('error', () => undefined);
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    /** Everything the server sent until it closed the connection. */
    answer: () => closed,
  };
}

/** Whether a new connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

describe.each(databaseTargets)('Geordnetes Beenden mit SIGTERM (%s)', (target) => {
  it(
    'stops taking connections, finishes the open request, hands its outbox claims back and exits',
    async () => {
      // The automation endpoint takes the portal's requests and never answers them.
      const held: IncomingMessage[] = [];
      const receiver = createServer((request) => {
        held.push(request);
      });
      receiver.listen(0, '127.0.0.1');
      await once(receiver, 'listening');
      try {
        setup = await createServerSetup(target, {
          port: ports.gracefulStop[target],
          env: {
            REFERRAL_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/referral`,
            // The default lease: a stop that left its claims would hold them for two minutes.
            OUTBOX_LEASE_SECONDS: '120',
          },
        });
        const server = await setup.start();
        const token = await signIn(server.url, EMAIL, PASSWORD);
        for (const lastName of ['Erste', 'Zweite', 'Dritte']) {
          const referral = await postGraphQL<{ sendReferral: { success: boolean } }>(
            server.url,
            'mutation ($lastName: String!) { sendReferral(salutation: "Frau", formOfAddress: "Sie", firstName: "Erika", lastName: $lastName) { success } }',
            { lastName },
            token,
          );
          expect(referral.data?.sendReferral.success).toBe(true);
        }
        // The dispatcher is delivering a referral (its request held), the others are claimed too.
        await waitFor(
          () => held.length > 0,
          () => `keine Zustellung begonnen:\n${server.output()}`,
        );

        const finished = await halfSentRequest(setup.port, JSON.stringify({ query: '{ __typename }' }));
        const abandoned = await halfSentRequest(setup.port, JSON.stringify({ query: '{ __typename }' }));
        const exitCode = server.terminate();
        await waitFor(
          async () => !(await accepts(setup?.port ?? 0)),
          () => `nimmt nach SIGTERM weiter Verbindungen an:\n${server.output()}`,
          30_000,
        );
        expect(server.alive()).toBe(true);

        // The open request is completed and answered; the one whose client never finishes is cut
        // off after the grace period, and the process exits normally.
        finished.finish();
        const answer = await finished.answer();
        expect(answer).toMatch(/^HTTP\/1\.1 200 /);
        expect(answer).toContain('{"data":{"__typename":"Query"}}');
        expect(await exitCode).toBe(0);
        expect(await abandoned.answer()).not.toMatch(/^HTTP\/1\.1 200 /);

        // Every referral is waiting again, due now, with no try used up.
        // (The database runs on this machine: its clock is the test's.)
        const rows = await setup.withDatabase((db) =>
          db.select().from(outbox).where(eq(outbox.kind, 'webhook')),
        );
        expect(
          rows.map((row) => ({
            status: row.status,
            attempts: row.attempts,
            due: row.nextAttemptAt.getTime() <= Date.now(),
          })),
        ).toEqual([0, 1, 2].map(() => ({ status: 'PENDING', attempts: 0, due: true })));
      } finally {
        for (const request of held) request.socket.destroy();
        receiver.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

/*
 * A Postgres restart under load. The machine's shared Postgres is never touched:
 * a TCP proxy between the server (a child process) and Postgres cuts every connection and refuses
 * new ones for a few seconds, as a restarting database does, then lets them through again.
 * Requests in between must get the German "bitte erneut versuchen" answer (503, code
 * SERVICE_UNAVAILABLE, no stack trace or SQL), and the same server process must answer normally
 * afterwards. PGlite runs inside the server process and cannot restart on its own: Postgres only.
 */

type Operation = 'clientsDepot' | 'searchOffers' | 'orderPositionList' | 'changeOrderPosition';

interface Outcome {
  operation: Operation;
  afterRestore: boolean;
  kind: 'ok' | 'retry' | 'other';
  status: number;
  text: string;
  retryAfter: string | null;
}

const postgresTargets = databaseTargets.filter((target) => target === 'postgres');

/** Waits for `condition`, bounded; gives up at once when `broken()` says the server is gone. */
async function waitUnderLoad(condition: () => boolean, explain: () => string, broken: () => boolean) {
  const end = Date.now() + 120_000;
  while (!condition()) {
    if (broken()) throw new Error(`Der Server-Prozess ist beendet: ${explain()}`);
    if (Date.now() > end) throw new Error(`Zustand nicht erreicht: ${explain()}`);
    await sleep(50);
  }
}

describe.each(postgresTargets)('Neustart der Datenbank unter Last (%s)', () => {
  it(
    'answers "bitte erneut versuchen" while Postgres is away and works again without a server restart',
    async () => {
      const upstream = new URL(process.env.TEST_DATABASE_URL as string);
      const proxy = await startPostgresProxy(upstream.hostname, Number(upstream.port || 5432));
      try {
        setup = await createServerSetup('postgres', {
          port: ports.databaseRestart,
          databaseUrl: (url) => {
            const viaProxy = new URL(url);
            viaProxy.hostname = '127.0.0.1';
            viaProxy.port = String(proxy.port);
            return viaProxy.toString();
          },
        });
        const server = await setup.start();
        expect(proxy.connections()).toBeGreaterThan(0);
        const token = await signIn(server.url, 'kunde@example.com', 'Weindepot2026!');
        const list = await postGraphQL<{ orderPositionList: { id: number; conditionReport: boolean }[] }>(
          server.url,
          '{ orderPositionList { id conditionReport } }',
          {},
          token,
        );
        const position = list.data?.orderPositionList[0];
        if (!position) throw new Error(`Keine Position auf der Orderliste: ${list.text}`);

        const requests: Record<Operation, () => ReturnType<typeof postGraphQL>> = {
          clientsDepot: () =>
            postGraphQL(
              server.url,
              '{ clientsDepot { id amount vintage { title wine { title } } depotPositionStatusRel { status } } }',
              {},
              token,
            ),
          // Without a token: the failure comes from the resolver, not from reading the session.
          searchOffers: () =>
            postGraphQL(server.url, '{ searchOffers(search: "chateau") { available { id } } }'),
          orderPositionList: () => postGraphQL(server.url, '{ orderPositionList { id amount } }', {}, token),
          // A write in a transaction.
          changeOrderPosition: () =>
            postGraphQL(
              server.url,
              'mutation ($id: Int!, $flag: Boolean!) { changeOrderPosition(orderPositionId: $id, conditionReport: $flag) { success } }',
              { id: position.id, flag: Math.random() < 0.5 },
              token,
            ),
        };
        const operations = Object.keys(requests) as Operation[];

        const outcomes: Outcome[] = [];
        let restored = false;
        let running = true;
        const worker = async (offset: number) => {
          for (let index = offset; running; index++) {
            const operation = operations[index % operations.length] as Operation;
            const afterRestore = restored;
            const answer = await requests[operation]().catch(() => null);
            if (!answer) {
              // No HTTP answer at all (the server process died): recorded as a failure.
              outcomes.push({
                operation,
                afterRestore,
                kind: 'other',
                status: 0,
                text: 'keine Antwort',
                retryAfter: null,
              });
              await sleep(100);
              continue;
            }
            const code = answer.errors?.[0]?.extensions?.code;
            const ok = answer.status === 200 && !answer.errors && answer.data !== null;
            const retry = answer.status === 503 && code === 'SERVICE_UNAVAILABLE';
            outcomes.push({
              operation,
              afterRestore,
              kind: ok ? 'ok' : retry ? 'retry' : 'other',
              status: answer.status,
              text: answer.text,
              retryAfter: answer.headers.get('retry-after'),
            });
            // Like a client that waits a little before it tries again (not the full Retry-After).
            if (!ok) await sleep(50);
          }
        };
        const workers = Array.from({ length: 6 }, (_, offset) => worker(offset));
        const count = (kind: Outcome['kind'], filter: (outcome: Outcome) => boolean = () => true) =>
          outcomes.filter((outcome) => outcome.kind === kind && filter(outcome)).length;
        const summary = () =>
          `ok ${count('ok')}, erneut versuchen ${count('retry')}, andere ${count('other')}: ${outcomes
            .filter((outcome) => outcome.kind === 'other')
            .slice(0, 2)
            .map((outcome) => `${outcome.status} ${outcome.text.slice(0, 300)}`)
            .join(' | ')}\n${server.output().slice(-2000)}`;

        const gone = () => !server.alive();
        try {
          await waitUnderLoad(() => count('ok') >= 40, summary, gone);
          // The restart: a few seconds without a database, until every operation has been refused.
          await proxy.cut();
          await sleep(3_000);
          await waitUnderLoad(
            () =>
              operations.every(
                (operation) => count('retry', (outcome) => outcome.operation === operation) >= 2,
              ),
            summary,
            gone,
          );
          await proxy.restore();
          restored = true;
          await waitUnderLoad(() => count('ok', (outcome) => outcome.afterRestore) >= 40, summary, gone);
        } finally {
          running = false;
          await Promise.all(workers);
        }

        // Every answer was either a normal one or the German retry answer: no 500, no HTML, no trace.
        expect(outcomes.filter((outcome) => outcome.kind === 'other')).toEqual([]);
        const retries = outcomes.filter((outcome) => outcome.kind === 'retry');
        expect(retries.length).toBeGreaterThan(0);
        for (const retry of retries) {
          const body = JSON.parse(retry.text) as { errors: { message: string }[] };
          expect(body.errors.map((error) => error.message)).toEqual([
            'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
          ]);
          expect(retry.text).not.toMatch(/stack|Failed query|select |ECONN|Connection terminated|at \//i);
          expect(retry.retryAfter).toBe('5');
        }

        // The same process serves again, each operation answered normally one after the other.
        expect(server.alive()).toBe(true);
        for (const operation of operations) {
          const answer = await requests[operation]();
          expect(answer.errors, answer.text).toBeUndefined();
          expect(answer.status).toBe(200);
        }
        expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
      } finally {
        await proxy.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
