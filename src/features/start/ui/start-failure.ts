import { isUnauthenticatedError } from '../../../api/client';
import { showableRequestErrors } from '../../../api/errors';

/** The start page's heading when its query failed for another reason than the session. */
export const START_LOAD_FAILED = 'Die Startseite konnte nicht geladen werden.';
/** Shown below it when the server gave no reason for the user (network, unexpected error). */
export const START_RETRY_HINT = 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.';

export type StartFailure = { kind: 'login' } | { kind: 'retry'; message: string };

/**
 * What a failed start query leads to: the login only when the session is not valid (HTTP 401 or
 * an UNAUTHENTICATED code); a network error, a database outage (503, "bitte erneut versuchen") or
 * any other failure keeps the user signed in with a German message and "Erneut versuchen".
 */
export function startFailure(error: unknown): StartFailure {
  if (isUnauthenticatedError(error)) return { kind: 'login' };
  return { kind: 'retry', message: showableRequestErrors(error)?.[0]?.message ?? START_RETRY_HINT };
}
