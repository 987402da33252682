/**
 * The answer while the database cannot be reached (restart, failover, network): instead of the
 * masked "Unexpected error." the client gets a German "bitte erneut versuchen" message, the code
 * SERVICE_UNAVAILABLE, HTTP 503 and `Retry-After`, so the PWA (and its order-list outbox, which
 * keeps a change whose answer is a 5xx) simply tries again. The server process keeps running; the
 * connection pool reconnects on the next request (see `server/db/client.ts`).
 */
import { GraphQLError } from 'graphql';
import { maskError as defaultMaskError } from 'graphql-yoga';

export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.';
/** Seconds a client should wait before retrying (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or broke. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unreachable or restarting server: class 08 (connection exception), 57P01
 * (terminated by an administrator: a restart), 57P02 (crash), 57P03 (starting up / shutting
 * down), 53300 (too many connections).
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports broken connections and pool timeouts by message only. */
const pgMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client has encountered a connection error/,
];

function isUnavailableCause(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (networkCodes.has(code) || unavailableSqlStates.has(code) || code.startsWith('08')) return true;
  }
  return typeof message === 'string' && pgMessages.some((pattern) => pattern.test(message));
}

/**
 * True when the error (or anything it wraps: GraphQL's originalError, Drizzle's cause, an
 * AggregateError's errors) says the database could not be reached.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  if (isUnavailableCause(error)) return true;
  const wrapper = error as { originalError?: unknown; cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(wrapper.originalError, depth + 1)) return true;
  if (isDatabaseUnavailable(wrapper.cause, depth + 1)) return true;
  return (
    Array.isArray(wrapper.errors) && wrapper.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  );
}

export function serviceUnavailableError(error?: unknown): GraphQLError {
  const located = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError(SERVICE_UNAVAILABLE_MESSAGE, {
    ...(located ? { nodes: located.nodes, path: located.path } : {}),
    extensions: {
      code: SERVICE_UNAVAILABLE,
      http: { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
    },
  });
}

/** yoga's `maskedErrors.maskError`: database outages get the retry answer, the rest is masked as before. */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  if (isDatabaseUnavailable(error)) return serviceUnavailableError(error);
  return defaultMaskError(error, message, isDev);
}
