import { liveQuery } from 'dexie';
import {
  enqueueChange,
  type OrderChange,
  type OutboxEntry,
  replayOrder,
  retryRefusedEntry,
} from '../domain/order-outbox';
import { database, type StoredOutboxEntry } from './database';

/** The user's queued changes, oldest first. */
export async function readOutbox(userKey: string): Promise<OutboxEntry[]> {
  const rows = await database.outbox.where('userKey').equals(userKey).sortBy('seq');
  return rows.map(({ userKey: _owner, ...entry }) => entry);
}

/** Calls `listener` with the user's queue now and after every change (also from other tabs). */
export function watchOutbox(userKey: string, listener: (queue: OutboxEntry[]) => void): () => void {
  const subscription = liveQuery(() => readOutbox(userKey)).subscribe({
    next: listener,
    error: () => listener([]),
  });
  return () => subscription.unsubscribe();
}

/**
 * Queues a change durably (it survives reloads and app restarts) under a new client mutation id,
 * merging with queued changes by the rules of `enqueueChange`.
 */
export async function queueOrderChange(userKey: string, change: OrderChange): Promise<OutboxEntry> {
  return database.transaction('rw', database.outbox, async () => {
    const queue = await readOutbox(userKey);
    const seq = queue.reduce((highest, entry) => Math.max(highest, entry.seq), 0) + 1;
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      seq,
      change,
      status: 'queued',
      createdAt: Date.now(),
    };
    const next = enqueueChange(queue, entry);
    const keep = new Set(next.map((queued) => queued.id));
    await database.outbox.bulkDelete(
      queue.filter((queued) => !keep.has(queued.id)).map((queued) => queued.id),
    );
    await database.outbox.bulkPut(next.map((queued): StoredOutboxEntry => ({ ...queued, userKey })));
    return next.find((queued) => queued.change === change) ?? entry;
  });
}

/** Queues a refused change again (with a corrected amount, if given) under a new client mutation id. */
export async function retryOutboxEntry(userKey: string, id: string, amount?: number): Promise<void> {
  await database.transaction('rw', database.outbox, async () => {
    const queue = await readOutbox(userKey);
    const next = retryRefusedEntry(queue, id, {
      id: crypto.randomUUID(),
      createdAt: Date.now(),
      ...(amount !== undefined ? { amount } : {}),
    });
    const keep = new Set(next.map((queued) => queued.id));
    await database.outbox.bulkDelete(
      queue.filter((queued) => !keep.has(queued.id)).map((queued) => queued.id),
    );
    await database.outbox.bulkPut(next.map((queued): StoredOutboxEntry => ({ ...queued, userKey })));
  });
}

export async function discardOutboxEntry(id: string): Promise<void> {
  await database.outbox.delete(id);
}

export async function clearOutbox(userKey?: string): Promise<void> {
  if (userKey === undefined) await database.outbox.clear();
  else await database.outbox.where('userKey').equals(userKey).delete();
}

/** What the server said to one replayed change. */
export type ReplayAnswer = { outcome: 'applied' } | { outcome: 'refused'; reason: string; code?: string };

/** What a replay did: each sent entry's outcome by its id, and the counts. */
export interface ReplayResult {
  outcomes: Map<string, ReplayAnswer>;
  applied: number;
  refused: number;
}

/**
 * Sends the queued changes in order and answers each entry's outcome. An applied change leaves
 * the queue; a refused one stays, marked with the German reason, for the user to fix or discard;
 * a network failure stops the replay with the rest still queued (it rejects). One replay at a
 * time across all tabs (Web Locks).
 */
export async function replayOutbox(
  userKey: string,
  send: (entry: OutboxEntry) => Promise<ReplayAnswer>,
): Promise<ReplayResult> {
  const run = async (): Promise<ReplayResult> => {
    const outcomes = new Map<string, ReplayAnswer>();
    let applied = 0;
    let refused = 0;
    for (const entry of replayOrder(await readOutbox(userKey))) {
      const answer = await send(entry);
      outcomes.set(entry.id, answer);
      if (answer.outcome === 'applied') applied += 1;
      else refused += 1;
      if (answer.outcome === 'applied') {
        await database.outbox.delete(entry.id);
      } else {
        await database.outbox.update(entry.id, {
          status: 'refused',
          reason: answer.reason,
          ...(answer.code ? { reasonCode: answer.code } : {}),
        });
      }
    }
    return { outcomes, applied, refused };
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(`order-outbox:${userKey}`, run);
  }
  return run();
}
