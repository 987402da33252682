import { ClientError } from 'graphql-request';
import { type ApiError, RATE_LIMITED, SERVICE_UNAVAILABLE } from '../domain/api-errors';

/** The first GraphQL error of a failed request with its `extensions.code`; null for network failures. */
export function firstGraphQLError(error: unknown): ApiError | null {
  if (!(error instanceof ClientError)) return null;
  const first = error.response.errors?.[0];
  if (!first) return null;
  const code = first.extensions?.code;
  return { message: first.message, code: typeof code === 'string' ? code : null };
}

/** Codes whose server message is written for the user (German) and may be shown as it is. */
const SHOWABLE_CODES = new Set([RATE_LIMITED, SERVICE_UNAVAILABLE]);

/**
 * Errors of a thrown request that may be shown as they are: a rate limit and a database outage
 * ("bitte … erneut") carry a German message for the user; anything else (network, schema)
 * counts as unknown and yields null.
 */
export function showableRequestErrors(error: unknown): ApiError[] | null {
  const first = firstGraphQLError(error);
  return first?.code && SHOWABLE_CODES.has(first.code) ? [first] : null;
}
