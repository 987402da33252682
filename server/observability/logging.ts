/**
 * The server's log: JSON lines through Fastify's pino, one record per answered request with its
 * request id, route, status, duration, outcome and — for GraphQL — operation name and user id.
 *
 * What a record may never hold: passwords, tokens, card numbers, full client addresses, e-mail
 * addresses or message texts. No record carries a request's body, query string, headers or GraphQL
 * variables in the first place (the route's pattern is logged, not its URL; the address only as its
 * network); errors are logged without the SQL parameters drizzle puts into their message; and every
 * line is scrubbed once more before it is written, for what a library's message might still carry.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config';
import { runInRequest } from '../request-context';

/** What the GraphQL route learns about a request while Yoga runs it (filled by `observeOperations`). */
export interface OperationFacts {
  /** The executed operation's name (or the one the client asked for, when it never ran). */
  operation: string | null;
  userId: number | null;
  /** `extensions.code` of each error of the answer (`INTERNAL_SERVER_ERROR` when none is set). */
  errorCodes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the GraphQL route; null elsewhere. */
    operationFacts: OperationFacts | null;
  }
}

/** An `X-Request-Id` taken as it is: what proxies and tracing tools send (UUIDs, hex, base64url). */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is one plain token of at most 100
 * characters, so a proxy's id follows the request through; otherwise (missing, huge, control
 * characters, a forged log line) a new UUID.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The eight groups of an IPv6 address (`2001:db8::1` → 2001, db8, 0, 0, 0, 0, 0, 1). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const start = head ? head.split(':') : [];
  const end = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - start.length - end.length }, () => '0');
  return [...start, ...zeros, ...end];
}

/** A client address shortened to its network (IPv4 /24, IPv6 /48): enough to see a pattern, not a person. */
export function clientNetwork(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const v4 = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) === 6) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  return undefined;
}

/** Patterns scrubbed from every line; the last line of defence, not the way secrets are kept out. */
const SCRUBBED: [RegExp, string][] = [
  // JWTs (the session tokens) and bearer or JWT authorisation values.
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]+/g, '[Token]'],
  [/\b(Bearer|JWT)\s+[\w.~+/=-]{8,}/gi, '$1 [Token]'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g, '[E-Mail]'],
  // Card numbers: 13 to 19 digits, possibly grouped by spaces or dashes.
  [/\b\d(?:[ -]?\d){12,18}\b/g, '[Kartennummer]'],
];

export function scrubLogLine(line: string): string {
  let scrubbed = line;
  for (const [pattern, replacement] of SCRUBBED) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

/** drizzle's query errors quote the statement and its parameters (e-mail addresses, hashes): cut off. */
function withoutQueryParameters(message: string): string {
  return message.replace(/\nparams:[\s\S]*$/, '\nparams: [weggelassen]');
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/** pino's `err` serializer, without query parameters and with the cause's own chain. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  const serialized: LoggedError = {
    type: error.name,
    message: withoutQueryParameters(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.stack
      ? { stack: error.stack.replace(error.message, withoutQueryParameters(error.message)) }
      : {}),
  };
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The process's logger: JSON to stdout (or `destination`, tests), ISO times, scrubbed lines. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
      hooks: { streamWrite: scrubLogLine },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The route a request matched, as its pattern (`/pay/:invoiceId`), never its URL. */
export function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'other';
  // The built files are one route each (`@fastify/static` without wildcard): one label for them.
  if (pattern.startsWith('/assets/')) return '/assets/*';
  return pattern;
}

export type RequestOutcome = 'ok' | 'refused' | 'error';

/** `error`: the server failed (5xx, or a GraphQL error it did not mean); `refused`: the client's fault (4xx, expected GraphQL errors). */
export function outcomeOf(statusCode: number, facts: OperationFacts | null): RequestOutcome {
  if (statusCode >= 500) return 'error';
  if (facts?.errorCodes.some((code) => code === 'INTERNAL_SERVER_ERROR')) return 'error';
  if (statusCode >= 400 || (facts && facts.errorCodes.length > 0)) return 'refused';
  return 'ok';
}

/** Listens to each answered request (the metrics count it). */
export type RequestObserver = (request: FastifyRequest, reply: FastifyReply, durationSeconds: number) => void;

/**
 * Request ids and the one record per request: the id goes back as `X-Request-Id`, is the scope of
 * everything the request's handler runs (so its outbox rows carry it, `request-context.ts`), and
 * names the request's record.
 */
export function registerRequestLogging(app: FastifyInstance, observe?: RequestObserver): void {
  app.decorateRequest('operationFacts', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // After the body is read: the handler runs inside the scope from here on (stream events of the
  // body would not carry a scope entered earlier).
  app.addHook('preHandler', (request, _reply, done) => {
    runInRequest({ requestId: request.id }, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const durationSeconds = reply.elapsedTime / 1000;
    observe?.(request, reply, durationSeconds);
    const facts = request.operationFacts;
    const outcome = outcomeOf(reply.statusCode, facts);
    const record = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      outcome,
      client: clientNetwork(request.ip),
      ...(facts
        ? {
            operation: facts.operation,
            userId: facts.userId,
            ...(facts.errorCodes.length > 0 ? { errorCodes: facts.errorCodes } : {}),
          }
        : {}),
    };
    if (outcome === 'error') request.log.error(record, 'Anfrage fehlgeschlagen');
    else request.log.info(record, 'Anfrage beantwortet');
    done();
  });
}
