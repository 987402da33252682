import { ClientError } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { START_RETRY_HINT, startFailure } from '../../src/features/start/ui/start-failure';

const SERVICE_UNAVAILABLE_MESSAGE =
  'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.';

/** A failed answer of the GraphQL endpoint as graphql-request throws it. */
function answered(status: number, code?: string, message = 'Fehler'): ClientError {
  return new ClientError(
    { status, headers: new Headers(), errors: [{ message, extensions: code ? { code } : {} }] } as never,
    { query: '{ me { id } }' },
  );
}

describe('Startseite: wohin eine fehlgeschlagene Abfrage führt', () => {
  it.each([
    ['HTTP 401', answered(401)],
    ['UNAUTHENTICATED', answered(200, 'UNAUTHENTICATED')],
    ['TOKEN_EXPIRED', answered(200, 'TOKEN_EXPIRED')],
  ])('%s ends at the login', (_case, error) => {
    expect(startFailure(error)).toEqual({ kind: 'login' });
  });

  it.each([
    [
      'the database outage (503) with its German message',
      answered(503, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE),
      SERVICE_UNAVAILABLE_MESSAGE,
    ],
    [
      'a masked server error',
      answered(500, 'INTERNAL_SERVER_ERROR', 'Es ist ein unerwarteter Fehler aufgetreten.'),
      START_RETRY_HINT,
    ],
    ['a network failure', new TypeError('Failed to fetch'), START_RETRY_HINT],
    ['a forbidden operation', answered(200, 'FORBIDDEN'), START_RETRY_HINT],
  ])('%s stays signed in and offers a retry', (_case, error, message) => {
    expect(startFailure(error)).toEqual({ kind: 'retry', message });
  });
});
