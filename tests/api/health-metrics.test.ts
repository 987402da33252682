/**
 * Probes and metrics as a load balancer, an orchestrator and Prometheus see them: `/healthz` answers,
 * `/readyz` is 503 with a JSON reason while the database is unreachable, its migrations are missing
 * or the outbox dispatcher stopped; `/metrics` is Prometheus text, readable with `METRICS_TOKEN`
 * from anywhere (only with the token) and without it only from this host — a forwarded-for header
 * never makes a request look local. Operation labels are only the PWA's operation names.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { outbox } from '../../server/db/schema';
import { buildApp } from '../../server/http';
import { type RunningDispatcher, startOutboxDispatcher } from '../../server/jobs/outbox-dispatcher';
import { enqueueOutbox } from '../../server/services/outbox';
import { createTestDatabase, databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { startPostgresProxy } from './support/postgres-proxy';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The text format (version 0.0.4), strictly: `# HELP`/`# TYPE` lines, and samples
 * `name{label="value",…} number`; anything else fails the test.
 */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const sample =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN|\+Inf|-Inf))$/i;
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1] as string, type[2] as string);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const match = sample.exec(line);
    if (!match) throw new Error(`keine Prometheus-Zeile: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    label.lastIndex = 0;
    let consumed = 0;
    for (let found = label.exec(body); found; found = label.exec(body)) {
      labels[found[1] as string] = found[2] as string;
      consumed = label.lastIndex;
    }
    if (consumed !== body.length) throw new Error(`ungültige Labels: ${line}`);
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

const valuesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .map((sample) => sample.value);

const DIGEST = 'query PriceIndex { __typename }';

describe.each(databaseTargets)('Health, Readiness und Metriken (%s)', (target) => {
  let portal: TestPortal;
  let app: FastifyInstance;
  let dispatcher: RunningDispatcher;

  beforeAll(async () => {
    portal = await startTestPortal(target);
    dispatcher = startOutboxDispatcher(portal.db, {}, { intervalMs: 60_000 });
    app = await buildApp({ db: portal.db, config: portal.config, outboxDispatcher: dispatcher });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await app?.close();
    await portal?.close();
  });

  const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('answers /healthz and /readyz with JSON, uncached, with the security headers', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.7' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.7' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    for (const response of [health, ready]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
    // Probes come every few seconds for as long as the portal runs: nothing counts them against a limit.
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => app.inject({ method: 'GET', url: '/healthz' })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it('is not ready once the outbox dispatcher stopped, and says why', async () => {
    const stopped = startOutboxDispatcher(portal.db, {}, { intervalMs: 60_000 });
    const probed = await buildApp({ db: portal.db, config: portal.config, outboxDispatcher: stopped });
    try {
      expect((await probed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await stopped.stop();
      const ready = await probed.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not-ready',
        reason: expect.stringContaining('Postausgang'),
        problems: [{ check: 'outbox-dispatcher' }],
      });
    } finally {
      await probed.close();
    }
  });

  it('is not ready on a database without this release’s migrations', async () => {
    const fresh =
      target === 'postgres'
        ? await createTestDatabase('weindepot_ready')
        : { url: undefined, drop: async () => {} };
    const database = await openDatabase({ databaseUrl: fresh.url, pgliteDir: 'memory://' });
    const probed = await buildApp({ db: database.db, config: portal.config, outboxDispatcher: dispatcher });
    try {
      const ready = await probed.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().problems).toEqual([expect.objectContaining({ check: 'migrations' })]);
      await database.migrate();
      expect((await probed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await probed.close();
      await database.close();
      await fresh.drop();
    }
  });

  // A fresh database migrated, an app built and a pool reconnected: more than the 30 s default on a busy machine.
  it('is not ready while the database is unreachable, within the probe’s time, and ready again after', async () => {
    if (target === 'postgres') {
      const upstream = new URL(process.env.TEST_DATABASE_URL as string);
      const fresh = await createTestDatabase('weindepot_ready');
      const proxy = await startPostgresProxy(upstream.hostname, Number(upstream.port || 5432));
      const viaProxy = new URL(fresh.url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const database = await openDatabase({ databaseUrl: viaProxy.toString(), pgliteDir: 'memory://' });
      await database.migrate();
      const probed = await buildApp({ db: database.db, config: portal.config, outboxDispatcher: dispatcher });
      try {
        expect((await probed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        await proxy.cut();
        const started = Date.now();
        const ready = await probed.inject({ method: 'GET', url: '/readyz' });
        expect(Date.now() - started).toBeLessThan(4_000);
        expect(ready.statusCode).toBe(503);
        expect(ready.json().problems).toEqual([expect.objectContaining({ check: 'database' })]);
        // The scrape still answers, and says the database is down.
        const metrics = parsePrometheus((await probed.inject({ method: 'GET', url: '/metrics' })).body);
        expect(valuesOf(metrics.samples, 'weindepot_database_up')).toEqual([0]);
        await proxy.restore();
        expect((await probed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await probed.close();
        await database.close();
        await proxy.close();
        await fresh.drop();
      }
      return;
    }
    // PGlite lives inside the process: unreachable means the process lost (closed) it.
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    const probed = await buildApp({ db: database.db, config: portal.config, outboxDispatcher: dispatcher });
    try {
      expect((await probed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const ready = await probed.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().problems).toEqual([expect.objectContaining({ check: 'database' })]);
    } finally {
      await probed.close();
    }
  }, 120_000);

  it('serves Prometheus text with request, GraphQL, outbox, queue, memory and event-loop figures', async () => {
    await portal.db.delete(outbox);
    await enqueueOutbox(portal.db, 'mail', { to: 'niemand@example.com' });
    await portal.db.insert(outbox).values({ kind: 'fremd', payload: {}, status: 'DEAD' });
    await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: DIGEST, operationName: 'PriceIndex' }),
    });
    // Made-up operation names (a client's own, or an attacker's) are counted, never labels.
    for (const name of ['Ausgedacht1', 'Ausgedacht2', 'Ausgedacht3']) {
      await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: `query ${name} { gibtEsNicht }` }),
      });
    }
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const { samples, types } = parsePrometheus(response.body);

    expect(types.get('weindepot_http_request_duration_seconds')).toBe('histogram');
    expect(
      valuesOf(samples, 'weindepot_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/graphql',
        status_class: '2xx',
      })[0],
    ).toBeGreaterThanOrEqual(1);
    expect(types.get('weindepot_graphql_operation_duration_seconds')).toBe('histogram');
    expect(
      valuesOf(samples, 'weindepot_graphql_operation_duration_seconds_count', {
        operation: 'PriceIndex',
        outcome: 'ok',
      }),
    ).toEqual([1]);
    expect(
      valuesOf(samples, 'weindepot_graphql_operation_duration_seconds_bucket', {
        operation: 'PriceIndex',
        le: '+Inf',
      }),
    ).toEqual([1]);
    expect(
      valuesOf(samples, 'weindepot_graphql_errors_total', {
        operation: 'other',
        code: 'GRAPHQL_VALIDATION_FAILED',
      }),
    ).toEqual([3]);
    expect(response.body).not.toContain('Ausgedacht');

    expect(valuesOf(samples, 'weindepot_outbox_rows', { kind: 'mail', state: 'PENDING' })).toEqual([1]);
    expect(valuesOf(samples, 'weindepot_outbox_rows', { kind: 'other', state: 'DEAD' })).toEqual([1]);
    expect(valuesOf(samples, 'weindepot_outbox_oldest_pending_age_seconds')[0]).toBeGreaterThanOrEqual(0);
    expect(valuesOf(samples, 'weindepot_database_up')).toEqual([1]);
    expect(valuesOf(samples, 'weindepot_pdf_queue', { state: 'waiting' })).toEqual([0]);
    expect(valuesOf(samples, 'weindepot_pdf_queue_limit')).toEqual([portal.config.pdf.queueLimit]);
    expect(valuesOf(samples, 'weindepot_password_hash_queue', { state: 'waiting' })).toEqual([0]);
    expect(valuesOf(samples, 'weindepot_password_hash_queue_limit')).toEqual([
      portal.config.passwordHashing.queueLimit,
    ]);
    if (target === 'postgres')
      expect(valuesOf(samples, 'weindepot_db_pool_connections', { state: 'max' })).toEqual([10]);
    expect(valuesOf(samples, 'process_resident_memory_bytes')[0]).toBeGreaterThan(0);
    expect(valuesOf(samples, 'nodejs_heap_size_used_bytes')[0]).toBeGreaterThan(0);
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');

    // Every operation label is one of the PWA's names or `other`: the set is bounded.
    const labels = new Set(
      samples.flatMap((sample) => (sample.labels.operation ? [sample.labels.operation] : [])),
    );
    expect([...labels].sort()).toEqual(['PriceIndex', 'other']);
  });

  it('without METRICS_TOKEN answers only this host, not a relayed or spoofed request', async () => {
    expect((await scrape({}, '203.0.113.7')).statusCode).toBe(403);
    expect((await scrape({}, '10.0.0.5')).statusCode).toBe(403);
    // A proxy on this host relays the internet from 127.0.0.1; a client's own header must not help either.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' }, '203.0.113.7')).statusCode).toBe(403);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1')).statusCode).toBe(403);
    expect((await scrape({ forwarded: 'for=127.0.0.1' }, '127.0.0.1')).statusCode).toBe(403);
    expect((await scrape({}, '::1')).statusCode).toBe(200);
    expect((await scrape({}, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN requires the bearer token from every address, loopback included', async () => {
    const token = 'metriken-geheim-0123456789';
    const guarded = await buildApp({
      db: portal.db,
      config: { ...portal.config, metricsToken: token },
      outboxDispatcher: dispatcher,
    });
    const ask = (headers: Record<string, string>, remoteAddress: string) =>
      guarded.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    try {
      const local = await ask({}, '127.0.0.1');
      expect(local.statusCode).toBe(401);
      expect(local.headers['www-authenticate']).toMatch(/^Bearer/);
      expect((await ask({ authorization: `Bearer ${token}x` }, '127.0.0.1')).statusCode).toBe(401);
      expect((await ask({ authorization: token }, '127.0.0.1')).statusCode).toBe(401);
      expect((await ask({ authorization: `JWT ${token}` }, '127.0.0.1')).statusCode).toBe(401);
      const remote = await ask({ authorization: `Bearer ${token}` }, '203.0.113.7');
      expect(remote.statusCode).toBe(200);
      expect(() => parsePrometheus(remote.body)).not.toThrow();
      expect((await ask({ authorization: `bearer ${token}` }, '127.0.0.1')).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
