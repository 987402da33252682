import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { isSpaPath } from '../src/domain/server-paths';
import type { RenderFirstScreen } from '../src/routes/first-screen';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { encodedShellPage, registerFirstScreenRoutes, shellPagesWithScreens } from './first-screen';
import { answerBytes } from './graphql/encoded-response';
import type { ErrorReporter } from './graphql/german-errors';
import { buildYoga } from './graphql/yoga';
import {
  BODY_LIMIT_BYTES,
  graphqlBodyRefusal,
  registerErrorHandler,
  unsupportedMediaType,
} from './http-errors';
import { type OperationFacts, registerRequestLogging, requestIdOf } from './observability/logging';
import { createMetrics, type PortalMetrics } from './observability/metrics';
import { PdfPool } from './pdf/pool';
import { checkoutRoutes } from './routes/checkout';
import { endSessionRoutes } from './routes/end-session';
import { healthRoutes } from './routes/health';
import { holdingsProofRoutes } from './routes/holdings-proof';
import { legalRoutes } from './routes/legal';
import { mediaRoutes } from './routes/media';
import { settlementRoutes } from './routes/settlement';
import { unlockRoutes } from './routes/unlock';
import { warehouseRoutes } from './routes/warehouse';
import { registerSecurityHeaders } from './security-headers';
import { configurePasswordHashing } from './services/passwords';
import type { HostResolver } from './services/push-endpoint';

export interface AppDeps {
  db: Database;
  config: ServerConfig;
  /** Asks the outbox dispatcher to run soon; a no-op where none runs (tests call it directly). */
  nudgeOutbox?: () => void;
  /** The process's outbox dispatcher, whose health `/readyz` reports (none: not ready). */
  outboxDispatcher?: { alive(): boolean };
  /** The JSON log (`observability/logging.ts`); none: nothing is logged (tests). */
  logger?: FastifyBaseLogger;
  /** The process's metrics (the dispatcher counts into them too); made here when not given. */
  metrics?: PortalMetrics;
  /** Where unexpected errors (GraphQL and routes) are reported; the log (or the console) by default. */
  reportError?: ErrorReporter;
  /** Resolves push endpoints' hosts (DNS by default; tests inject answers). */
  resolveHost?: HostResolver;
  /** Renders the public first screens (the build's server bundle by default; tests pass the sources'). */
  renderFirstScreen?: RenderFirstScreen;
}

/** GraphQL answers from this size on are compressed (smaller ones gain less than the work costs). */
export const GRAPHQL_COMPRESSION_THRESHOLD_BYTES = 1024;

const logUnexpected: ErrorReporter = (error) => console.error('[weindepot] Unerwarteter Fehler:', error);

const reportTo =
  (logger: FastifyBaseLogger): ErrorReporter =>
  (error) =>
    logger.error({ err: error }, 'Unerwarteter Fehler');

/** A number of trusted hops as Fastify's function form (its types know only the other forms). */
function trustProxyOption(setting: ServerConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Fastify's options: logging, request ids, body limit, proxies and the timeouts that cut off slow clients. */
function fastifyOptions(deps: AppDeps): FastifyHttpOptions<Server> {
  const timeout = deps.config.requestTimeoutMs;
  return {
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // One record per request, written by `registerRequestLogging` (with route, outcome, operation),
    // and the request id under the name the records use.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // A caller's (a proxy's) `X-Request-Id` when it is a plain token, else a fresh one.
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // A client that trickles its request (headers or body) is answered 408 and cut off once the
    // whole request took longer than this; Node checks the open requests every few seconds.
    requestTimeout: timeout,
    // Node enforces the request timeout only while the headers' timeout is not longer.
    http: {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(timeout / 4))),
    },
    // A connection silent for twice as long (no byte either way) is closed.
    connectionTimeout: timeout * 2,
  };
}

/** GraphQL at Yoga's endpoint: refused bodies answered early, answers compressed and kept by no cache. */
function registerGraphqlRoute(app: FastifyInstance, yoga: ReturnType<typeof buildYoga>): void {
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    // Answers above the threshold go out brotli- or gzip-compressed, as the client accepts.
    compress: {},
    handler: async (request, reply) => {
      const refusal = graphqlBodyRefusal(request.method, request.body);
      if (refusal) return reply.code(refusal.status).header('cache-control', 'no-store').send(refusal.body);
      const operationFacts: OperationFacts = { operation: null, userId: null, errorCodes: [] };
      request.operationFacts = operationFacts;
      const response = await yoga.handleNodeRequestAndResponse(request, reply, {
        clientIp: request.ip,
        operationFacts,
      });
      if (response.status === 415) {
        const unsupported = unsupportedMediaType();
        return reply.code(415).header('cache-control', 'no-store').send(unsupported.body);
      }
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      // The CORS answer depends on the Origin (allowed origins only, see yoga.ts).
      reply.header('vary', 'Origin');
      // Answers carry one client's data (or depend on the token): no cache keeps them. The PWA's
      // offline copy is its own (IndexedDB), not the HTTP cache.
      reply.header('cache-control', 'private, no-store');
      reply.status(response.status);
      // A JSON answer is complete when Yoga returns it: sent as text, it keeps its length and the
      // compression threshold applies; anything else (event streams) is passed through as a stream.
      if (/json/.test(response.headers.get('content-type') ?? '')) {
        reply.removeHeader('content-length');
        // The bytes Yoga's answer already holds (graphql/encoded-response.ts): a string would be
        // measured and encoded again by Fastify and the socket (166 KiB for a 200-position depot).
        reply.send(await answerBytes(response));
      } else {
        reply.send(response.body);
      }
      return reply;
    },
  });
}

/**
 * The production build of the PWA: its files (pre-compressed, hashed assets kept for a year), the
 * first screens rendered by React, and the app shell for every other SPA path.
 */
async function registerPwa(
  app: FastifyInstance,
  deps: AppDeps,
  yoga: ReturnType<typeof buildYoga>,
  reportError: ErrorReporter,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: deps.config.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Source maps only when configured (SERVE_SOURCE_MAPS): they would publish the sources.
    // The build's brotli/gzip copies (vite.config.ts) for browsers that accept them.
    preCompressed: true,
    allowedPath: (pathname) => deps.config.serveSourceMaps || !pathname.endsWith('.map'),
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
      if (name === 'service-worker.js') res.header('service-worker-allowed', '/');
      if (name.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
    },
  });
  // `/login` and the public offer page as HTML rendered by React (server/first-screen.ts).
  await registerFirstScreenRoutes(app, {
    distDir: deps.config.distDir,
    ...(deps.renderFirstScreen ? { render: deps.renderFirstScreen } : {}),
    graphqlEndpoint: new URL(yoga.graphqlEndpoint, deps.config.publicUrl).href,
    graphqlFetch: (request, clientIp) => Promise.resolve(yoga.fetch(request, { clientIp })),
    reportError,
  });
  // The app shell of a known route links its screens' code (server/first-screen.ts).
  const shellPage = shellPagesWithScreens(deps.config.distDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // The same rule as the service worker's navigation fallback (src/domain/server-paths.ts).
    // HEAD like GET (monitors and link checkers ask with HEAD); Fastify drops the body.
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(url)) {
      reply.header('cache-control', 'no-cache');
      const page = shellPage(url);
      if (page !== null) {
        const { body, encoding } = encodedShellPage(page, request.headers['accept-encoding']);
        reply.header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(body);
      }
      return reply.sendFile('index.html', deps.config.distDir);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');
  });
}

/**
 * Builds the whole HTTP application without listening, so tests use `app.inject`: GraphQL at
 * `/graphql`, demo media at `/media/` (premiere videos held back until their publish time), and the
 * production build of the PWA with an SPA fallback.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const options = fastifyOptions(deps);
  configurePasswordHashing(deps.config.passwordHashing);
  const app = Fastify(options);
  const reportError = deps.reportError ?? (deps.logger ? reportTo(deps.logger) : logUnexpected);
  const metrics = deps.metrics ?? createMetrics(deps.db);
  registerRequestLogging(app, metrics.observeRequest);
  registerErrorHandler(app, reportError);
  await registerSecurityHeaders(app, deps.config);
  // Compression only where a route asks for it (the GraphQL answers below); the PWA's files are
  // compressed at build time. Request bodies are never decompressed (no zip bombs).
  await app.register(fastifyCompress, {
    global: false,
    globalDecompression: false,
    threshold: GRAPHQL_COMPRESSION_THRESHOLD_BYTES,
  });
  const yoga = buildYoga({
    db: deps.db,
    config: deps.config,
    nudgeOutbox: deps.nudgeOutbox ?? (() => {}),
    reportError,
    syncAnswered: metrics.syncAnswered,
    ...(deps.resolveHost ? { resolveHost: deps.resolveHost } : {}),
  });

  registerGraphqlRoute(app, yoga);

  // PDFs render in worker threads, never on the event loop (server/pdf/pool.ts).
  const pdfPool = new PdfPool({ ...deps.config.pdf, signing: deps.config.documentSigning });
  app.addHook('onClose', () => pdfPool.close());
  metrics.attachPdfPool(pdfPool);
  await app.register(healthRoutes, {
    db: deps.db,
    metrics,
    metricsToken: deps.config.metricsToken,
    dispatcher: deps.outboxDispatcher,
  });
  await app.register(checkoutRoutes, {
    db: deps.db,
    config: deps.config,
    nudgeOutbox: deps.nudgeOutbox ?? (() => {}),
    pdfPool,
  });

  await app.register(settlementRoutes, { db: deps.db, config: deps.config, pdfPool });
  await app.register(unlockRoutes, { db: deps.db });
  await app.register(endSessionRoutes, { db: deps.db });
  await app.register(legalRoutes, { company: deps.config.company });
  await app.register(holdingsProofRoutes, { db: deps.db });
  await app.register(warehouseRoutes, {
    db: deps.db,
    config: deps.config,
    nudgeOutbox: deps.nudgeOutbox ?? (() => {}),
  });

  await app.register(mediaRoutes, {
    db: deps.db,
    mediaDir: deps.config.mediaDir,
    mediaUrlSecret: deps.config.mediaUrlSecret,
  });

  if (existsSync(path.join(deps.config.distDir, 'index.html')))
    await registerPwa(app, deps, yoga, reportError);
  return app;
}
