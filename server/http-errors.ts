/**
 * Errors outside the GraphQL execution (body too large, malformed JSON, a failing route): a German
 * answer without stack trace, SQL or internal message; GraphQL-shaped on `/graphql`. Failures of
 * the server itself (5xx) are reported (logged); the client learns only that something went wrong.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorReporter, UNEXPECTED_ERROR_MESSAGE } from './graphql/german-errors';
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './graphql/unavailable';

/** The request body limit of every route (GraphQL, webhooks, the payment form). */
export const BODY_LIMIT_BYTES = 1_048_576;

const clientMessages: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Ungültige Anfrage: Die Anfrage ist zu groß (höchstens 1 MB).',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'Ungültige Anfrage: Der Inhalt der Anfrage ist kein gültiges JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'Ungültige Anfrage: Der Inhalt der Anfrage ist leer.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Ungültige Anfrage: Dieser Inhaltstyp wird nicht unterstützt.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'Ungültige Anfrage: Die Längenangabe passt nicht zum Inhalt.',
  },
};

const graphqlError = (status: number, code: string, message: string) => ({
  status,
  body: { errors: [{ message, extensions: { code } }] },
});

/** What `/graphql` answers to a body it cannot carry (German, without the parser's details). */
export const unsupportedMediaType = () =>
  graphqlError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Ungültige Anfrage: Dieser Inhaltstyp wird nicht unterstützt. Bitte senden Sie die Anfrage als application/json.',
  );

/**
 * A POST body that is JSON but no operation (`[]`, `{}`, a bare string or number) is refused here in
 * German; a non-empty array stays yoga's (batching is refused there).
 */
export function graphqlBodyRefusal(method: string, body: unknown) {
  if (method !== 'POST' || body === undefined) return null;
  if (Array.isArray(body) ? body.length > 0 : body && typeof body === 'object' && 'query' in body)
    return null;
  if (typeof body === 'string') return null;
  return graphqlError(
    400,
    'BAD_REQUEST',
    'Ungültige Anfrage: Der Inhalt muss ein JSON-Objekt mit der Operation („query“) sein.',
  );
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  reply.code(status).header('cache-control', 'no-store');
  if (request.url.startsWith('/graphql')) {
    return reply
      .type('application/json; charset=utf-8')
      .send({ errors: [{ message, extensions: { code } }] });
  }
  return reply.type('text/plain; charset=utf-8').send(message);
}

export function registerErrorHandler(app: FastifyInstance, reportError: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? clientMessages[error.code] : undefined;
      return answer(
        request,
        reply,
        status,
        known?.code ?? 'BAD_REQUEST',
        known?.message ?? 'Ungültige Anfrage.',
      );
    }
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return answer(request, reply, 503, SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);
    }
    reportError(error);
    return answer(request, reply, 500, 'INTERNAL_SERVER_ERROR', UNEXPECTED_ERROR_MESSAGE);
  });
}
