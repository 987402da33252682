import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../server/http';
import type { TestPortal } from './harness';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as key/value pairs (Stripe's `a[b]` keys kept as they are). */
  body: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local HTTP stand-in for the few Stripe API endpoints the adapter calls (customers,
 * invoices, invoice items, finalize, retrieve, void, billing-portal sessions); it records every
 * request. `delayMs` holds each answer back (so concurrent calls overlap).
 */
export async function startStripeStandIn(options: { delayMs?: number } = {}): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  let serial = 0;
  let invoiceStatus = 'draft';
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const body = Object.fromEntries(new URLSearchParams(await readBody(request)));
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const idempotency = request.headers['idempotency-key'];
    requests.push({
      method: request.method ?? 'GET',
      path,
      body,
      idempotencyKey: typeof idempotency === 'string' ? idempotency : undefined,
    });
    serial += 1;
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${serial}` });
      response.end(JSON.stringify(payload));
    };
    if (path === '/v1/customers')
      return send(200, { id: 'cus_standin', object: 'customer', email: body.email });
    if (path === '/v1/invoices') {
      invoiceStatus = 'draft';
      return send(200, { id: 'in_standin', object: 'invoice', status: 'draft', customer: body.customer });
    }
    if (path === '/v1/invoices/in_standin' && request.method === 'GET') {
      return send(200, { id: 'in_standin', object: 'invoice', status: invoiceStatus });
    }
    if (path === '/v1/invoices/in_standin/void') {
      invoiceStatus = 'void';
      return send(200, { id: 'in_standin', object: 'invoice', status: 'void' });
    }
    if (path === '/v1/invoiceitems') return send(200, { id: `ii_${serial}`, object: 'invoiceitem' });
    if (path === '/v1/invoices/in_standin/finalize') {
      invoiceStatus = 'open';
      return send(200, {
        id: 'in_standin',
        object: 'invoice',
        status: 'open',
        number: 'STRIPE-0001',
        hosted_invoice_url: 'https://invoice.stripe.test/i/in_standin',
        invoice_pdf: 'https://invoice.stripe.test/i/in_standin/pdf',
      });
    }
    if (path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: 'bps_standin',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session',
      });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unbekannter Pfad ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A second app on the portal's database that bills through the stand-in (payment provider
 * `stripe`, webhooks signed with `webhookSecret`), and a GraphQL call on it as a signed-in user.
 */
export async function appBillingThroughStandIn(
  portal: Pick<TestPortal, 'db' | 'config'>,
  standIn: Pick<StripeStandIn, 'url'>,
  webhookSecret: string,
) {
  const app = await buildApp({
    db: portal.db,
    config: {
      ...portal.config,
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_standin',
      stripeWebhookSecret: webhookSecret,
      stripeApiUrl: standIn.url,
    },
  });
  const gql = async <Data>(query: string, variables: Record<string, unknown>, token: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      payload: JSON.stringify({ query, variables }),
    });
    return response.json() as { data: Data; errors?: unknown[] };
  };
  return { app, gql };
}
