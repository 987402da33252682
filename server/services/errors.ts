import { GraphQLError } from 'graphql';

/** One refusal reason of a mutation: a German message plus a machine-readable code. */
export interface MutationError {
  message: string;
  code: string;
  field: string | null;
}

export type MutationResult = { success: true; errors: [] } | { success: false; errors: MutationError[] };

export const ok = (): MutationResult => ({ success: true, errors: [] });

export function refused(code: string, message: string, field: string | null = null): MutationResult {
  return { success: false, errors: [{ code, message, field }] };
}

/** Expected failure thrown as a GraphQL error (shown to clients; everything else is masked). */
export function clientError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
