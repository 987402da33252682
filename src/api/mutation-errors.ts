import { notifications } from '@mantine/notifications';
import { CHANGE_NOT_SAVED, NOT_SAVED_TITLE } from '../domain/error-texts';
import { MutationRefused } from './mutation-refused';

/**
 * How a mutation's failure is told to the user: by default as a red notification "Nicht
 * gespeichert" with the server's reason (refusal) or `CHANGE_NOT_SAVED` (network, server error).
 */
export interface MutationErrorMeta extends Record<string, unknown> {
  /** The form shows its errors itself (inline, as field errors): no notification. */
  inlineErrors?: boolean;
  /** Refusal codes the screen answers itself (e.g. a dialog of its own); others are notified. */
  inlineCodes?: readonly string[];
  /** Notification title; null for none. Default "Nicht gespeichert". */
  errorTitle?: string | null;
  /** The title by what was changed, when one mutation serves several actions. */
  errorTitleOf?: (variables: unknown) => string;
  /** Text when the server gave no reason (network). Default `CHANGE_NOT_SAVED`. */
  fallbackMessage?: string;
}

/** `errorTitleOf` for a mutation's own variables (the cache hands them over untyped). */
export function errorTitleBy<Variables>(
  title: (variables: Variables) => string,
): (variables: unknown) => string {
  return (variables) => title(variables as Variables);
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

export interface MutationErrorNotice {
  title?: string;
  message: string;
}

/** The notification of a failed mutation, or null when its screen shows the error itself. */
export function mutationErrorNotice(
  error: unknown,
  meta: MutationErrorMeta = {},
  variables?: unknown,
): MutationErrorNotice | null {
  if (meta.inlineErrors) return null;
  const refused = error instanceof MutationRefused;
  const inlineCodes = meta.inlineCodes ?? [];
  if (refused && error.reasons.some((reason) => inlineCodes.includes(reason.code))) return null;
  const message = refused ? error.message : (meta.fallbackMessage ?? CHANGE_NOT_SAVED);
  const title = meta.errorTitleOf
    ? meta.errorTitleOf(variables)
    : meta.errorTitle === undefined
      ? NOT_SAVED_TITLE
      : meta.errorTitle;
  return title === null ? { message } : { title, message };
}

/**
 * Shows a failed change once: called by the query client's `MutationCache` for every mutation,
 * and by the few changes that are no mutation (a queued order-list change edited on the device).
 */
export function notifyMutationError(error: unknown, meta?: MutationErrorMeta, variables?: unknown): void {
  const notice = mutationErrorNotice(error, meta, variables);
  if (notice) notifications.show({ ...notice, color: 'red', autoClose: 7000 });
}
