import { GraphQLError } from 'graphql';

/**
 * The one result convention of the services' mutations: `ok(payload)` or `refused(code, message,
 * field, payload)` (several field problems at once: `refusedAll(errors, payload)`). The payload
 * carries the result type's other fields (e.g. `{ invoice: null }`), so every refusal is written
 * the same way whatever the mutation answers. Expected failures of reads throw `clientError`.
 */

/** One refusal reason of a mutation: a German message plus a machine-readable code. */
export interface MutationError {
  message: string;
  code: string;
  field: string | null;
}

export interface Refusal {
  success: false;
  errors: MutationError[];
}

export interface Success {
  success: true;
  errors: [];
}

export type MutationResult = Success | Refusal;

export function ok(): Success;
export function ok<P extends object>(payload: P): Success & P;
export function ok(payload: object = {}) {
  return { success: true, errors: [], ...payload };
}

/** One refusal: code, German message, the input field it concerns (or null), the other fields. */
export function refused(code: string, message: string, field?: string | null): Refusal;
export function refused<P extends object>(
  code: string,
  message: string,
  field: string | null,
  payload: P,
): Refusal & P;
export function refused(code: string, message: string, field: string | null = null, payload: object = {}) {
  return refusedAll([{ code, message, field }], payload);
}

/** Several refusal reasons at once (e.g. every invalid field of a form). */
export function refusedAll(errors: MutationError[]): Refusal;
export function refusedAll<P extends object>(errors: MutationError[], payload: P): Refusal & P;
export function refusedAll(errors: MutationError[], payload: object = {}) {
  return { success: false, errors, ...payload };
}

/** Field problems of a form (`{ field, message }`) as refusal reasons with the code INVALID. */
export function invalidFields(problems: { field: string; message: string }[]): MutationError[] {
  return problems.map(({ field, message }) => ({ code: 'INVALID', message, field }));
}

/** Expected failure thrown as a GraphQL error (shown to clients; everything else is masked). */
export function clientError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
