import { GENERIC_ERROR } from '../domain/error-texts';

/** One reason the server gave for a refusal: German `message`, `field` the input it belongs to. */
export interface RefusalReason {
  message: string;
  code: string;
  field?: string | null;
}

/**
 * A mutation the server answered with a refusal (`success: false` or a GraphQL error with a German
 * message): the one refusal type of the client. `code` tells why (e.g. ORDER_LIST_BLOCKED,
 * SOLD_OUT), `field` the input of the first reason; the message is written for the user (all
 * reasons, joined).
 */
export class MutationRefused extends Error {
  override readonly name = 'MutationRefused';
  readonly code: string;
  readonly field: string | null;
  readonly reasons: readonly RefusalReason[];
  constructor(
    message: string,
    code = 'REFUSED',
    field: string | null = null,
    reasons?: readonly RefusalReason[],
  ) {
    super(message);
    this.code = code;
    this.field = field;
    this.reasons = reasons ?? [{ message, code, field }];
  }

  /** The refusal of a `success: false` answer with the server's reasons (none: the generic text). */
  static of(reasons: readonly RefusalReason[]): MutationRefused {
    const first = reasons[0];
    if (!first) return new MutationRefused(GENERIC_ERROR, 'UNKNOWN');
    const message = reasons.map((reason) => reason.message).join(' ');
    return new MutationRefused(message, first.code, first.field ?? null, reasons);
  }
}

/** Answers a mutation payload when the server accepted it; throws its refusal otherwise. */
export function acceptedOrThrow<Payload extends { success: boolean; errors: readonly RefusalReason[] }>(
  payload: Payload,
): Payload {
  if (!payload.success) throw MutationRefused.of(payload.errors);
  return payload;
}
