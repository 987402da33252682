/**
 * The account journeys' set-up, shared by the `account-*.test.ts` files: a seeded portal per file and
 * database, the demo client and the new client signed in, a webhook listener on 127.0.0.1 and the
 * outbox delivered to it (the outbox is emptied before each test).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { outbox } from '../../../server/db/schema';
import { dispatchOutboxOnce } from '../../../server/jobs/outbox-dispatcher';
import { createOutboxHandlers } from '../../../server/jobs/outbox-handlers';
import { createMailTransport } from '../../../server/services/mail';
import type { WebhookUrls } from '../../../server/services/webhooks';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';

/** The journey's documents (`tests/api/documents/account.graphql`) by operation name. */
export const accountOperation = apiOperations('account');
const LOGIN = accountOperation('SignIn');

export interface Answer {
  success: boolean;
  errors: { code: string; message: string; field?: string | null }[];
}

/** A webhook endpoint on 127.0.0.1 that answers with the queued status codes (then 200). */
export class WebhookListener {
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

/** Starts the portal before the file's tests (and closes it after); call inside `describe.each`. */
export function accountJourney(target: DatabaseTarget) {
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
    // Seeding takes close to a minute when several files start their portals at once.
  }, 120_000);
  afterAll(async () => {
    await listener.stop();
    await portal?.close();
  });
  beforeEach(async () => {
    await portal.db.delete(outbox);
    listener.received = [];
    listener.statuses = [];
  });

  return {
    get portal() {
      return portal;
    },
    get kundeToken() {
      return kundeToken;
    },
    get neukundeToken() {
      return neukundeToken;
    },
    listener,
    deliver,
    login,
  };
}
