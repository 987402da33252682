import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  maskError,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../../server/graphql/unavailable';
import { messageIdFor } from '../../server/services/mail';

/** An error as node-postgres or the socket layer reports it. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle wraps a failed query (with its SQL) and keeps the driver's error as `cause`. */
const drizzleWrapped = (cause: Error) =>
  Object.assign(new Error('Failed query: select "id" from "users" where "id" = $1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset connection', failure('read ECONNRESET', 'ECONNRESET')],
    ['broken connection', failure('Connection terminated unexpectedly')],
    ['pool timeout', failure('timeout exceeded when trying to connect')],
    ['restart (admin shutdown)', failure('terminating connection due to administrator command', '57P01')],
    ['starting up', failure('the database system is starting up', '57P03')],
    ['connection exception class 08', failure('connection failure', '08006')],
    ['too many connections', failure('sorry, too many clients already', '53300')],
  ])('recognises a %s, also wrapped by Drizzle and GraphQL', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const wrapped = drizzleWrapped(error);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new GraphQLError('x', { originalError: wrapped }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('anders'), wrapped]))).toBe(true);
  });

  it.each([
    ['constraint violation', failure('duplicate key value violates unique constraint', '23505')],
    ['syntax error', failure('syntax error at or near "selec"', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a German client error',
      new GraphQLError('Bitte melden Sie sich an.', { extensions: { code: 'UNAUTHENTICATED' } }),
    ],
  ])('leaves a %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(drizzleWrapped(error))).toBe(false);
  });
});

describe('maskError', () => {
  it('answers an outage with the German retry message, 503 and Retry-After, without details', () => {
    const masked = maskError(
      new GraphQLError('Failed query: select 1', {
        originalError: drizzleWrapped(failure('Connection terminated unexpectedly')),
        path: ['clientsDepot'],
      }),
      'Unerwartet',
    ) as GraphQLError;
    expect(masked.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    expect(masked.message).toMatch(/Bitte versuchen Sie es .* erneut/);
    expect(masked.path).toEqual(['clientsDepot']);
    expect(masked.extensions).toEqual({
      code: SERVICE_UNAVAILABLE,
      http: { status: 503, headers: { 'retry-after': '5' } },
    });
    expect(JSON.stringify(masked.toJSON())).not.toMatch(/select|Connection terminated/);
  });

  it('masks any other unexpected error with the given message', () => {
    const masked = maskError(
      drizzleWrapped(failure('duplicate key', '23505')),
      'Unerwartet',
      false,
    ) as GraphQLError;
    expect(masked.message).toBe('Unerwartet');
    expect(masked.extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('messageIdFor', () => {
  it('builds a stable Message-ID from the idempotency key and the sender domain', () => {
    expect(messageIdFor('weindepot-outbox-7-abc', 'Weindepot <service@weindepot.example>')).toBe(
      '<weindepot-outbox-7-abc@weindepot.example>',
    );
    expect(messageIdFor('k', 'noreply@mail.example.org')).toBe('<k@mail.example.org>');
  });
});
