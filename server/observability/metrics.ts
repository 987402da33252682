/**
 * The process's metrics in Prometheus' text format (prom-client), served at `GET /metrics`
 * (`server/routes/health.ts`). Each label has a bounded set of values: operation names only of the
 * PWA's own documents (`pwa-operations.generated.ts`; any other name counts as `other`), routes as
 * their registered patterns, error codes and outbox kinds from fixed lists. So a client sending
 * made-up operation names cannot grow the scrape or the monitoring system's memory.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, poolUse } from '../db/client';
import { PWA_OPERATION_NAMES } from '../graphql/pwa-operations.generated';
import type { OutboxRow, SettledAs } from '../jobs/outbox-dispatcher';
import type { PdfPool } from '../pdf/pool';
import { OUTBOX_KINDS } from '../services/outbox';
import { passwordHashingLoad } from '../services/passwords';
import type { SyncDelta } from '../services/sync';
import { type OutboxBacklog, outboxBacklog } from './checks';
import { outcomeOf, routeOf } from './logging';

const pwaOperations = new Set(PWA_OPERATION_NAMES);

/** An operation's label: its name when the PWA has a document of that name, otherwise `other`. */
export function operationLabel(name: string | null | undefined): string {
  return name && pwaOperations.has(name) ? name : 'other';
}

/** The error codes the server and Yoga set; any other counts as `OTHER`. */
const ERROR_CODES = new Set([
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'INTROSPECTION_DISABLED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
]);

const errorCodeLabel = (code: string) => (ERROR_CODES.has(code) ? code : 'OTHER');
const outboxKinds = new Set<string>(OUTBOX_KINDS);
const outboxKindLabel = (kind: string) => (outboxKinds.has(kind) ? kind : 'other');

/** Seconds: from a cached read (a few ms) to a PDF or a whole depot on a loaded machine. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The longest a scrape waits for the outbox's numbers from the database. */
const DATABASE_SCRAPE_TIMEOUT_MS = 2_000;

/** One scrape's outbox read serves its three gauges; the next scrape reads again. */
const BACKLOG_REUSE_MS = 1_000;

export type PortalMetrics = ReturnType<typeof createMetrics>;

/** The outbox's gauges and whether the database answers, from one read per scrape. */
function registerOutboxGauges(registry: Registry, db: Database): void {
  // prom-client collects the three gauges side by side: they share one read.
  let backlog: { at: number; read: Promise<OutboxBacklog | null> } | null = null;
  const scrapeBacklog = (): Promise<OutboxBacklog | null> => {
    if (!backlog || Date.now() - backlog.at > BACKLOG_REUSE_MS) {
      backlog = {
        at: Date.now(),
        read: outboxBacklog(db, DATABASE_SCRAPE_TIMEOUT_MS).catch(() => null),
      };
    }
    return backlog.read;
  };
  new Gauge({
    name: 'weindepot_database_up',
    help: '1 when the scrape could read the outbox from the database, else 0.',
    registers: [registry],
    async collect() {
      this.set((await scrapeBacklog()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'weindepot_outbox_rows',
    help: 'Outbox rows waiting (PENDING) or given up (DEAD), by kind.',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      const read = await scrapeBacklog();
      // Without the database the rows are unknown: none reported rather than stale numbers.
      this.reset();
      if (!read) return;
      for (const kind of OUTBOX_KINDS)
        for (const state of ['PENDING', 'DEAD'] as const) this.set({ kind, state }, 0);
      for (const { kind, state, rows } of read.rows) this.inc({ kind: outboxKindLabel(kind), state }, rows);
    },
  });
  new Gauge({
    name: 'weindepot_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox row still PENDING (0 when none waits).',
    registers: [registry],
    async collect() {
      const read = await scrapeBacklog();
      this.reset();
      if (read) this.set(read.oldestPendingSeconds);
    },
  });
}

/** The queues that refuse work when full (PDFs, password hashes, the Postgres pool), with their limits. */
function registerQueueGauges(registry: Registry, db: Database, pdfPool: () => PdfPool | null): void {
  new Gauge({
    name: 'weindepot_pdf_queue',
    help: 'PDF documents rendering in a worker or waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = pdfPool();
      if (!pool) return;
      this.set({ state: 'rendering' }, pool.rendering);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'weindepot_pdf_queue_limit',
    help: 'PDF documents that may wait; more are answered 503.',
    registers: [registry],
    collect() {
      const pool = pdfPool();
      if (pool) this.set(pool.options.queueLimit);
    },
  });
  new Gauge({
    name: 'weindepot_password_hash_queue',
    help: 'Password hashes (argon2id) running or waiting.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const load = passwordHashingLoad();
      this.set({ state: 'running' }, load.running);
      this.set({ state: 'waiting' }, load.waiting);
    },
  });
  new Gauge({
    name: 'weindepot_password_hash_queue_limit',
    help: 'Password hashes that may wait; more sign-ins are answered 503.',
    registers: [registry],
    collect() {
      this.set(passwordHashingLoad().queueLimit);
    },
  });
  new Gauge({
    name: 'weindepot_db_pool_connections',
    help: 'Postgres pool connections by state (in use, idle) and its maximum; absent on PGlite.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolUse(db);
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'max' }, pool.max ?? 0);
    },
  });
  new Gauge({
    name: 'weindepot_db_pool_waiting_requests',
    help: 'Queries waiting for a free Postgres pool connection; absent on PGlite.',
    registers: [registry],
    collect() {
      const pool = poolUse(db);
      if (pool) this.set(pool.waiting);
    },
  });
}

/**
 * One registry per process (tests build several in one). Made before the app, so the outbox
 * dispatcher started beside it can count into it; the app attaches its PDF pool.
 */
export function createMetrics(db: Database) {
  const registry = new Registry();
  let pdfPool: PdfPool | null = null;
  // Process memory, CPU, handles, garbage collection and event-loop delay (`nodejs_eventloop_lag_*`).
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'weindepot_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, with their duration.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: 'weindepot_http_request_errors_total',
    help: 'HTTP requests the server failed (5xx), by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const graphqlDuration = new Histogram({
    name: 'weindepot_graphql_operation_duration_seconds',
    help: 'GraphQL operations by name (the PWA’s, others as "other") and outcome, with their duration.',
    labelNames: ['operation', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const graphqlErrors = new Counter({
    name: 'weindepot_graphql_errors_total',
    help: 'Errors in GraphQL answers by operation and error code.',
    labelNames: ['operation', 'code'] as const,
    registers: [registry],
  });
  const outboxSettled = new Counter({
    name: 'weindepot_outbox_deliveries_total',
    help: 'Outbox rows this process’s dispatcher handled, by kind and result (done, skipped, retry, dead).',
    labelNames: ['kind', 'result'] as const,
    registers: [registry],
  });
  const syncs = new Counter({
    name: 'weindepot_sync_requests_total',
    help: 'Delta syncs answered, full (no usable cursor) or incremental.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const syncRows = new Counter({
    name: 'weindepot_sync_rows_total',
    help: 'Row ids the syncs reported, as changed or deleted.',
    labelNames: ['change'] as const,
    registers: [registry],
  });

  registerOutboxGauges(registry, db);
  registerQueueGauges(registry, db, () => pdfPool);

  return {
    registry,
    /** The app's PDF workers, whose queue the scrape reports. */
    attachPdfPool(pool: PdfPool): void {
      pdfPool = pool;
    },
    /** Every answered request (`registerRequestLogging`'s observer). */
    observeRequest(request: FastifyRequest, reply: FastifyReply, seconds: number): void {
      const route = routeOf(request);
      const status = reply.statusCode;
      httpDuration.observe(
        { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
        seconds,
      );
      if (status >= 500) httpErrors.inc({ route });
      const facts = request.operationFacts;
      if (!facts) return;
      const operation = operationLabel(facts.operation);
      graphqlDuration.observe({ operation, outcome: outcomeOf(status, facts) }, seconds);
      for (const code of facts.errorCodes) graphqlErrors.inc({ operation, code: errorCodeLabel(code) });
    },
    outboxSettled(row: OutboxRow, result: SettledAs): void {
      outboxSettled.inc({ kind: outboxKindLabel(row.kind), result });
    },
    syncAnswered(delta: SyncDelta): void {
      syncs.inc({ kind: delta.full ? 'full' : 'delta' });
      for (const entity of delta.entities) {
        syncRows.inc({ change: 'changed' }, entity.changed.length);
        syncRows.inc({ change: 'deleted' }, entity.deleted.length);
      }
    },
  };
}
