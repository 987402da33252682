import type { Database } from '../db/client';
import { outbox } from '../db/schema';

/** What the dispatcher knows how to deliver; each kind has a handler in `server/jobs`. */
export type OutboxKind = 'mail' | 'webhook' | 'push';

/**
 * Records a side effect. Call it with the transaction that makes the state change, so the
 * effect exists exactly when the change does.
 */
export async function enqueueOutbox(
  tx: Pick<Database, 'insert'>,
  kind: OutboxKind,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.insert(outbox).values({ kind, payload });
}
