import type { GraphQLSchema } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { userFromToken } from '../services/auth';
import { type HostResolver, pushEndpointPolicy } from '../services/push-endpoint';
import type { GraphQLContext } from './context';
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
}

const logUnexpected: ErrorReporter = (error) => console.error('[weindepot] Unerwarteter Fehler:', error);

/** Reads `Authorization: JWT <token>` (also accepts `Bearer`). */
function tokenFrom(header: string | null): string | null {
  const match = header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export function buildYoga(deps: YogaDeps) {
  const pushPolicy = pushEndpointPolicy(deps.config, deps.resolveHost);
  const schema = createSchema<GraphQLContext>({ typeDefs: readSchemaSdl(), resolvers });
  assertResolversCover(schema);
  return createYoga<{ clientIp: string }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
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
      rejectNulCharactersPlugin(),
      inputGuardsPlugin(),
      operationLimitsPlugin(),
      ...(deps.config.graphqlIntrospection ? [] : [disableIntrospectionPlugin()]),
      germanErrorsPlugin(),
    ],
    context: async ({ request, clientIp }): Promise<GraphQLContext> => {
      const token = tokenFrom(request.headers.get('authorization'));
      const user = token ? await userFromToken(deps.db, deps.config, token) : null;
      return {
        db: deps.db,
        config: deps.config,
        user,
        clientIp,
        nudgeOutbox: deps.nudgeOutbox,
        pushPolicy,
        loaders: createLoaders(deps.db),
      };
    },
  });
}
