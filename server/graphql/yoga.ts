// Renamed: an envelop plugin factory, not a React hook.
import { useGraphQlJit as graphqlJitPlugin } from '@envelop/graphql-jit';
import { type GraphQLSchema, getOperationAST } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { observeOperationsPlugin } from '../observability/graphql-operations';
import type { OperationFacts } from '../observability/logging';
import { sessionFromToken } from '../services/auth';
import { catalogueChangedSince } from '../services/catalogue-changes';
import { depotChangedSince } from '../services/depot';
import { type HostResolver, pushEndpointPolicy } from '../services/push-endpoint';
import type { SyncDelta } from '../services/sync';
import { CatalogueCache } from './catalogue-cache';
import type { GraphQLContext } from './context';
import type { DepotRead } from './depot-loaders';
import { DepotReadCache } from './depot-read-cache';
import { EncodedOnceResponse } from './encoded-response';
import {
  type ErrorReporter,
  germanErrorsPlugin,
  germanMaskedErrors,
  rejectNulCharactersPlugin,
  yogaLogger,
} from './german-errors';
import { inputGuardsPlugin } from './input-guards';
import { createLoaders } from './loaders';
import { disableIntrospectionPlugin, operationLimitsPlugin } from './operation-limits';
import { resolvers } from './resolvers';
import { readSchemaSdl } from './schema-files';
import { maskError } from './unavailable';

/** Every root field needs a resolver: a missing one would silently answer null. */
function assertResolversCover(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    const implemented = resolvers[type.name as 'Query' | 'Mutation'] ?? {};
    for (const field of Object.keys(type.getFields())) {
      if (!(field in implemented)) throw new Error(`${type.name}.${field} hat keinen Resolver`);
    }
  }
}

export interface YogaDeps {
  db: Database;
  config: ServerConfig;
  nudgeOutbox: () => void;
  /** Where unexpected errors go (masked for the client); the console by default. */
  reportError?: ErrorReporter;
  /** Resolves push endpoints' hosts (DNS by default; tests inject answers). */
  resolveHost?: HostResolver;
  /** Counts answered syncs (the metrics). */
  syncAnswered?: (delta: SyncDelta) => void;
}

/** What the HTTP route hands Yoga per request: the client's address and where to note what ran. */
export interface YogaServerContext {
  clientIp: string;
  operationFacts?: OperationFacts;
}

const logUnexpected: ErrorReporter = (error) => console.error('[weindepot] Unerwarteter Fehler:', error);

/** Reads `Authorization: JWT <token>` (also accepts `Bearer`). */
function tokenFrom(header: string | null): string | null {
  const match = header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * The PWA's most frequent reads, run by graphql-jit's compiled executor instead of graphql-js:
 * the compiled query resolves the depot's thousands of fields without
 * graphql-js's per-field bookkeeping. Other operations keep graphql-js.
 */
export const JIT_OPERATIONS = new Set(['ClientsDepot', 'ViewClientsDepot', 'SearchOffers', 'OrderList']);

function hotOperationsCompiled(): Plugin {
  return graphqlJitPlugin(
    {},
    {
      enableIf: ({ document, operationName }) => {
        const operation = getOperationAST(document, operationName);
        return operation?.operation === 'query' && JIT_OPERATIONS.has(operation.name?.value ?? '');
      },
    },
  ) as Plugin;
}

/**
 * A mutation may have changed catalogue rows (the back office's writes): the cache starts afresh
 * once it is done (see catalogue-cache.ts for other instances' writes).
 */
function catalogueInvalidation(catalogue: CatalogueCache): Plugin {
  return {
    onExecute: ({ args }) => {
      if (getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return;
      return { onExecuteDone: () => catalogue.clear() };
    },
  };
}

export function buildYoga(deps: YogaDeps) {
  const pushPolicy = pushEndpointPolicy(deps.config, deps.resolveHost);
  const catalogue = new CatalogueCache(deps.config.catalogueCacheTtlMs, Date.now, (since) =>
    catalogueChangedSince(deps.db, since),
  );
  const depotCache = new DepotReadCache<DepotRead>(deps.config.depotReadCachePositions, (ownerId, since) =>
    depotChangedSince(deps.db, ownerId, since),
  );
  const schema = createSchema<GraphQLContext>({ typeDefs: readSchemaSdl(), resolvers });
  assertResolversCover(schema);
  return createYoga<YogaServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    fetchAPI: { Response: EncodedOnceResponse },
    landingPage: false,
    // Only the portal's own origin and configured ones (CORS_ORIGINS) may call the API from a
    // browser across origins; any other origin gets no CORS headers, so its page cannot read answers.
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !deps.config.corsOrigins.includes(origin)) return false;
      return {
        origin: [origin],
        credentials: true,
        methods: ['GET', 'POST', 'OPTIONS'],
        allowedHeaders: ['authorization', 'content-type', 'accept'],
        maxAge: 600,
      };
    },
    graphiql: false,
    // Masked (no stack traces or SQL); a database outage answers 503 "bitte erneut versuchen".
    maskedErrors: { maskError, ...germanMaskedErrors },
    logging: yogaLogger(deps.reportError ?? logUnexpected),
    plugins: [
      observeOperationsPlugin(),
      rejectNulCharactersPlugin(),
      inputGuardsPlugin(),
      operationLimitsPlugin(),
      ...(deps.config.graphqlIntrospection ? [] : [disableIntrospectionPlugin()]),
      germanErrorsPlugin(),
      catalogueInvalidation(catalogue),
      ...(deps.config.graphqlJit ? [hotOperationsCompiled()] : []),
    ],
    context: async ({ request, clientIp }): Promise<GraphQLContext> => {
      const token = tokenFrom(request.headers.get('authorization'));
      const signedIn = token ? await sessionFromToken(deps.db, deps.config, token) : null;
      catalogue.refresh();
      return {
        db: deps.db,
        config: deps.config,
        user: signedIn?.user ?? null,
        sessionId: signedIn?.session.id ?? null,
        clientIp,
        userAgent: request.headers.get('user-agent'),
        nudgeOutbox: deps.nudgeOutbox,
        pushPolicy,
        loaders: createLoaders(deps.db, catalogue, depotCache),
        catalogue,
        syncAnswered: deps.syncAnswered ?? (() => {}),
      };
    },
  });
}
