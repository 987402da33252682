/**
 * For load balancers, orchestrators and monitoring: `GET /healthz` (the process answers),
 * `GET /readyz` (database reachable, migrations applied, outbox dispatcher working; else 503 with
 * the reasons as JSON) and `GET /metrics` (Prometheus text format, `server/observability/metrics.ts`).
 *
 * The metrics tell how busy the portal is and which operations fail, so they are not public: with
 * `METRICS_TOKEN` a request needs `Authorization: Bearer <token>`, from any address; without it only
 * a request from this host itself is answered — its TCP peer a loopback address and no proxy
 * header on it, because a proxy on the same host relays the whole internet from 127.0.0.1 (and a
 * client's own `X-Forwarded-For` must never make it look local). No route here is rate-limited or
 * touches a session, and none is cached.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { readinessProblems } from '../observability/checks';
import type { PortalMetrics } from '../observability/metrics';

/** How long `/readyz` waits for the database: under the usual probe timeouts (1–5 s). */
export const READINESS_TIMEOUT_MS = 2_000;

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'] as const;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A request this host sent itself: loopback peer, and nothing says it was relayed. */
export function fromThisHost(request: FastifyRequest): boolean {
  return (
    isLoopback(request.raw.socket.remoteAddress) &&
    FORWARDING_HEADERS.every((header) => request.headers[header] === undefined)
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `Authorization: Bearer <token>` names the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export async function healthRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    metrics: PortalMetrics;
    metricsToken: string | undefined;
    dispatcher: { alive(): boolean } | undefined;
  },
): Promise<void> {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (_request, reply) => {
    const problems = await readinessProblems({
      db: deps.db,
      dispatcher: deps.dispatcher,
      timeoutMs: READINESS_TIMEOUT_MS,
    });
    reply.header('cache-control', 'no-store');
    if (problems.length === 0) return reply.send({ status: 'ready' });
    return reply.code(503).send({
      status: 'not-ready',
      reason: problems.map((problem) => problem.reason).join(' '),
      problems,
    });
  });

  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (deps.metricsToken !== undefined) {
      if (!bearerMatches(request.headers.authorization, deps.metricsToken)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain; charset=utf-8')
          .send('Für die Metriken ist ein gültiges Token nötig (Authorization: Bearer …).');
      }
    } else if (!fromThisHost(request)) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('Die Metriken sind ohne METRICS_TOKEN nur von diesem Rechner aus abrufbar.');
    }
    const text = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(text);
  });
}
