/**
 * A graceful stop of the production server as a child process: on SIGTERM it stops taking
 * connections, finishes the request already open, hands its outbox claims back and exits.
 * No timing is asserted: every wait is for an observable state, bounded generously.
 */
import 'fake-indexeddb/auto';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { EMAIL, faultOperation, PASSWORD, ports, TEST_TIMEOUT_MS, waitFor } from './support/faults';
import { databaseTargets } from './support/harness';
import { createServerSetup, postGraphQL, type ServerSetup, signIn } from './support/server-process';

const SEND_REFERRAL = faultOperation('SendReferral');

let setup: ServerSetup | undefined;
afterEach(async () => {
  await setup?.cleanup();
  setup = undefined;
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
            SEND_REFERRAL,
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
