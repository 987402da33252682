/**
 * The log an operator follows a request by: one JSON record per request with its request id (the
 * caller's when sane, returned as `X-Request-Id`, stored on the outbox rows it causes), operation,
 * user id, duration and outcome — and never a password, token, card number, full IP address,
 * e-mail address or message text, although a test sends each of them.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { buildApp } from '../../server/http';
import { createLogger } from '../../server/observability/logging';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const EMAIL = 'log.probe@example.com';
const PASSWORD = 'Geheim-Passwort-2026!';
const CARD = '4242424242424242';
const MESSAGE = 'Bitte rufen Sie mich wegen meines Bordeaux-Kellers an';
const CLIENT_IP = '198.51.100.77';

describe.each(databaseTargets)('Protokoll je Anfrage (%s)', (target) => {
  let portal: TestPortal;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    portal = await startTestPortal(target);
    await portal.createUser(EMAIL, { password: PASSWORD });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ db: portal.db, config: portal.config, logger: createLogger('info', sink) });
  });
  afterAll(async () => {
    await app?.close();
    await portal?.close();
  });

  const gql = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: CLIENT_IP,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ query, variables }),
    });

  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('logs each request as JSON with id, operation, user, duration and outcome, and nothing secret', async () => {
    const signIn = await gql(
      'mutation TokenAuth($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
      { email: EMAIL, password: PASSWORD },
      { 'x-request-id': 'proxy-req-0001' },
    );
    expect(signIn.headers['x-request-id']).toBe('proxy-req-0001');
    const token = signIn.json().data.tokenAuth.token as string;
    expect(token.length).toBeGreaterThan(20);

    const contact = await gql(
      `mutation SendContactRequest($message: String!) {
        sendContactRequest(salutation: "Frau", firstName: "Anna", lastName: "Probe", message: $message, privacyAccepted: true) { success }
      }`,
      { message: MESSAGE },
      { authorization: `JWT ${token}`, 'x-request-id': 'proxy-req-0002' },
    );
    expect(contact.json().data.sendContactRequest.success).toBe(true);
    // A card number in a form body and a query string; a token in the path.
    await app.inject({
      method: 'POST',
      url: `/pay/in_gibtesnicht?cardNumber=${CARD}&email=${encodeURIComponent(EMAIL)}`,
      remoteAddress: CLIENT_IP,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `cardNumber=${CARD}`,
    });
    await app.inject({ method: 'GET', url: `/unlock/${token.slice(-40)}`, remoteAddress: CLIENT_IP });

    const log = lines.join('\n');
    for (const secret of [EMAIL, PASSWORD, CARD, MESSAGE, token, token.slice(-40), CLIENT_IP])
      expect(log, secret).not.toContain(secret);

    const byId = records().filter((record) => record.requestId === 'proxy-req-0002');
    expect(byId).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'POST',
        route: '/graphql',
        status: 200,
        operation: 'SendContactRequest',
        userId: expect.any(Number),
        outcome: 'ok',
        durationMs: expect.any(Number),
        client: '198.51.100.0/24',
      }),
    ]);
    expect(records().find((record) => record.requestId === 'proxy-req-0001')).toMatchObject({
      operation: 'TokenAuth',
      outcome: 'ok',
    });
    // The mail and webhook rows the request wrote name it.
    const rows = await portal.db
      .select({ requestId: outbox.requestId })
      .from(outbox)
      .where(eq(outbox.requestId, 'proxy-req-0002'));
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('replaces a huge, malformed or line-breaking X-Request-Id with its own', async () => {
    for (const forged of [
      'x'.repeat(5000),
      'abc\n{"level":50,"msg":"gefälscht"}',
      'id with spaces',
      '<script>',
      '',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': forged },
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(records().some((record) => record.requestId === id)).toBe(true);
    }
    expect(lines.join('\n')).not.toContain('gefälscht');
    expect(lines.every((line) => line.startsWith('{') && line.endsWith('}'))).toBe(true);
  });
});
