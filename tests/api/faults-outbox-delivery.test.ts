/**
 * Crash faults against the production server as a child process: the outbox dispatcher delivers mails
 * and webhooks and the server dies after a webhook reached its receiver but before the delivery was
 * recorded; every side effect must arrive (at most once per idempotency key, the key identical on a
 * redelivery) or end as DEAD after its retries.
 * No timing is asserted: every wait is for an observable state, bounded generously.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { outboxIdempotencyKey } from '../../server/jobs/outbox-handlers';
import { EMAIL, faultOperation, PASSWORD, ports, TEST_TIMEOUT_MS, waitFor } from './support/faults';
import { databaseTargets } from './support/harness';
import { createServerSetup, postGraphQL, type ServerSetup, signIn } from './support/server-process';

const ALL_VINTAGES = faultOperation('AllVintages');
const SEND_CONTACT_FORM_MAIL = faultOperation('SendContactFormMail');
const SEND_REFERRAL = faultOperation('SendReferral');
const REQUEST_SOLD_OUT_NOTIFICATION = faultOperation('RequestSoldOutNotification');

let setup: ServerSetup | undefined;
afterEach(async () => {
  await setup?.cleanup();
  setup = undefined;
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
        const vintages = await postGraphQL<{ allVintages: { id: number }[] }>(server.url, ALL_VINTAGES);
        const soldOutVintages = (vintages.data?.allVintages ?? []).slice(0, 3);
        expect(soldOutVintages).toHaveLength(3);
        for (let index = 0; index < 12; index++) {
          const mail = await postGraphQL<{ sendContactFormMail: { success: boolean } }>(
            server.url,
            SEND_CONTACT_FORM_MAIL,
            { message: `Nachricht ${index} (${randomUUID()})` },
            token,
          );
          expect(mail.data?.sendContactFormMail.success).toBe(true);
          const referral = await postGraphQL<{ sendReferral: { success: boolean } }>(
            server.url,
            SEND_REFERRAL,
            { lastName: `Muster-${index}` },
            token,
          );
          expect(referral.data?.sendReferral.success).toBe(true);
          if (index < soldOutVintages.length) {
            const soldOut = await postGraphQL<{ requestSoldOutNotification: { success: boolean } }>(
              server.url,
              REQUEST_SOLD_OUT_NOTIFICATION,
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
