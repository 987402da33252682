import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { currentRequestId } from '../request-context';

/** What the dispatcher knows how to deliver; each kind has a handler in `server/jobs`. */
export const OUTBOX_KINDS = ['mail', 'webhook', 'push'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Records a side effect. Call it with the transaction that makes the state change, so the
 * effect exists exactly when the change does. The row names the request that caused it (its
 * `X-Request-Id`), so its delivery can be found in the logs next to that request.
 */
export async function enqueueOutbox(
  tx: Pick<Database, 'insert'>,
  kind: OutboxKind,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.insert(outbox).values({ kind, payload, requestId: currentRequestId() });
}
