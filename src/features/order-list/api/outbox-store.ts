import type { WeindepotDatabase } from '../../../db/database';
import { loadDatabase } from '../../../db/load-database';
import { OUTBOX_TABLE } from '../../../db/table-names';
import {
  editQueuedChange,
  enqueueChange,
  isEditable,
  type OrderChange,
  type OutboxEntry,
  type QueuedEdit,
  replayOrder,
  retryRefusedEntry,
  settledEntries,
  unsentEntries,
  withdrawQueuedChange,
} from '../model/outbox-queue';

/** A queued order-list change of one user, as the device keeps it. */
type StoredOutboxEntry = OutboxEntry & { userKey: string };

const outboxOf = (database: WeindepotDatabase) => database.table<StoredOutboxEntry, string>(OUTBOX_TABLE);

/**
 * Every change of the user's outbox and every replay run one at a time, across tabs (Web Locks):
 * an edit can never meet the entry it edits on its way to the server, and a replay never sends an
 * entry half-edited.
 */
async function withOutboxLock<Result>(userKey: string, work: () => Promise<Result>): Promise<Result> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return await navigator.locks.request(`order-outbox:${userKey}`, work);
  }
  return await work();
}

/** Writes the user's queue as `next` says: entries not in it are deleted. */
async function writeQueue(
  database: WeindepotDatabase,
  userKey: string,
  queue: readonly OutboxEntry[],
  next: readonly OutboxEntry[],
) {
  const keep = new Set(next.map((queued) => queued.id));
  await outboxOf(database).bulkDelete(
    queue.filter((queued) => !keep.has(queued.id)).map((queued) => queued.id),
  );
  await outboxOf(database).bulkPut(next.map((queued): StoredOutboxEntry => ({ ...queued, userKey })));
}

/** The user's queued changes, oldest first. */
export async function readOutbox(userKey: string): Promise<OutboxEntry[]> {
  return readQueue(await loadDatabase(), userKey);
}

/** `readOutbox` inside a transaction (which awaits nothing but Dexie). */
async function readQueue(database: WeindepotDatabase, userKey: string): Promise<OutboxEntry[]> {
  const rows = await outboxOf(database).where('userKey').equals(userKey).sortBy('seq');
  return rows.map(({ userKey: _owner, ...entry }) => entry);
}

/** Calls `listener` with the user's queue now and after every change (also from other tabs). */
export function watchOutbox(userKey: string, listener: (queue: OutboxEntry[]) => void): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  // Dexie comes with the first watch (after the first render), not with the admin frame's code.
  void Promise.all([import('dexie'), loadDatabase()]).then(
    ([{ liveQuery }, database]) => {
      if (stopped) return;
      const subscription = liveQuery(() => readQueue(database, userKey)).subscribe({
        next: listener,
        error: () => listener([]),
      });
      unsubscribe = () => subscription.unsubscribe();
    },
    () => listener([]),
  );
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Queues a change durably (it survives reloads and app restarts) under a new client mutation id,
 * merging with queued changes by the rules of `enqueueChange`.
 */
export async function queueOrderChange(userKey: string, change: OrderChange): Promise<OutboxEntry> {
  const database = await loadDatabase();
  return withOutboxLock(userKey, () =>
    database.transaction('rw', outboxOf(database), async () => {
      const queue = await readQueue(database, userKey);
      const seq = queue.reduce((highest, entry) => Math.max(highest, entry.seq), 0) + 1;
      const entry: OutboxEntry = {
        id: crypto.randomUUID(),
        seq,
        change,
        status: 'queued',
        createdAt: Date.now(),
      };
      const next = enqueueChange(queue, entry);
      await writeQueue(database, userKey, queue, next);
      const merged = next.find((queued) => queued.change === change);
      if (merged) return merged;
      // Merged into an earlier change of the same position: that entry now carries this change.
      return (
        next.find(
          (queued) =>
            change.kind === 'change' &&
            queued.change.kind === 'change' &&
            queued.change.orderPositionId === change.orderPositionId,
        ) ?? entry
      );
    }),
  );
}

/**
 * The user edits a change still waiting (`editQueuedChange`). Answers false when it could not be
 * edited any more (it was sent meanwhile: its outcome decides).
 */
export async function editOutboxEntry(userKey: string, id: string, edit: QueuedEdit): Promise<boolean> {
  const database = await loadDatabase();
  return withOutboxLock(userKey, () =>
    database.transaction('rw', outboxOf(database), async () => {
      const queue = await readQueue(database, userKey);
      const entry = queue.find((queued) => queued.id === id);
      if (!entry || !isEditable(entry)) return false;
      const next = editQueuedChange(queue, id, edit);
      if (next) await writeQueue(database, userKey, queue, next);
      return true;
    }),
  );
}

/** The user withdraws a change still waiting; false when it was sent meanwhile. */
export async function withdrawOutboxEntry(userKey: string, id: string): Promise<boolean> {
  const database = await loadDatabase();
  return withOutboxLock(userKey, () =>
    database.transaction('rw', outboxOf(database), async () => {
      const queue = await readQueue(database, userKey);
      const next = withdrawQueuedChange(queue, id);
      if (!next) return false;
      await writeQueue(database, userKey, queue, next);
      return true;
    }),
  );
}

/** Queues a refused change again (with a corrected amount, if given) under a new client mutation id. */
export async function retryOutboxEntry(userKey: string, id: string, amount?: number): Promise<void> {
  const database = await loadDatabase();
  await withOutboxLock(userKey, () =>
    database.transaction('rw', outboxOf(database), async () => {
      const queue = await readQueue(database, userKey);
      const next = retryRefusedEntry(queue, id, {
        id: crypto.randomUUID(),
        createdAt: Date.now(),
        ...(amount !== undefined ? { amount } : {}),
      });
      await writeQueue(database, userKey, queue, next);
    }),
  );
}

export async function discardOutboxEntry(id: string): Promise<void> {
  const database = await loadDatabase();
  await outboxOf(database).delete(id);
}

export async function clearOutbox(userKey?: string): Promise<void> {
  const database = await loadDatabase();
  if (userKey === undefined) await outboxOf(database).clear();
  else await outboxOf(database).where('userKey').equals(userKey).delete();
}

/** What the server said to one replayed change. */
export type ReplayAnswer =
  | { outcome: 'applied' }
  /** `field`: the input the reason is about (e.g. `amount`), for the form that sent the change now. */
  | { outcome: 'refused'; reason: string; code?: string; field?: string };

/**
 * Removes the applied entries that every list fetched at `fetchedAt` holds (they were shown over
 * older lists, `overlayOrder`), and any applied more than an hour ago.
 */
export async function forgetSettledEntries(userKey: string, fetchedAt: number): Promise<void> {
  const database = await loadDatabase();
  await database.transaction('rw', outboxOf(database), async () => {
    const queue = await readQueue(database, userKey);
    const settled = settledEntries(queue, Math.max(fetchedAt, Date.now() - 60 * 60 * 1000));
    if (settled.length > 0) await outboxOf(database).bulkDelete(settled.map((entry) => entry.id));
  });
}

/**
 * Moves the entries queued under an older key of the same user (the e-mail address, in sessions
 * stored before the user's id was part of them) to `userKey`, so that they are still sent.
 */
export async function adoptOutbox(fromKey: string, userKey: string): Promise<void> {
  if (fromKey === userKey) return;
  const database = await loadDatabase();
  await withOutboxLock(userKey, () =>
    database.transaction('rw', outboxOf(database), async () => {
      await outboxOf(database).where('userKey').equals(fromKey).modify({ userKey });
    }),
  );
}

/** What a replay did: each sent entry's outcome by its id, the counts, and what is left. */
export interface ReplayResult {
  outcomes: Map<string, ReplayAnswer>;
  applied: number;
  refused: number;
  /** Changes still unsent afterwards: refused (now or before) and, if interrupted, unsent. */
  left: number;
  /** The connection failed (or was not there): entries wait unsent. */
  interrupted: boolean;
}

/**
 * The replay stopped: no connection (offline it sends nothing, so nothing becomes uneditable), or
 * one broke on the way. `result` tells what was answered before.
 */
export class ReplayInterrupted extends Error {
  override readonly name = 'ReplayInterrupted';
  readonly result: ReplayResult;
  constructor(result: ReplayResult, cause?: unknown) {
    super('Keine Verbindung', { cause });
    this.result = result;
  }
}

/**
 * Sends the queued changes in order and answers each entry's outcome. An applied change is marked
 * `applied` (shown over lists fetched before, until `forgetSettledEntries`); a refused one stays, marked with the German reason, for the user to fix or discard;
 * a network failure stops the replay with the rest still queued: it rejects with
 * `ReplayInterrupted`, which carries the outcomes so far. An entry is marked `attempted` before it
 * is sent (its answer may be lost; it stays as it is until one arrives). Offline it sends nothing. One replay (or change of the outbox) at
 * a time across all tabs (Web Locks).
 */
export async function replayOutbox(
  userKey: string,
  send: (entry: OutboxEntry) => Promise<ReplayAnswer>,
): Promise<ReplayResult> {
  const database = await loadDatabase();
  const run = async (): Promise<ReplayResult> => {
    const queue = unsentEntries(await readQueue(database, userKey));
    const outcomes = new Map<string, ReplayAnswer>();
    let applied = 0;
    let refused = 0;
    const result = (interrupted = false): ReplayResult => ({
      outcomes,
      applied,
      refused,
      left: queue.length - applied,
      interrupted,
    });
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new ReplayInterrupted(result(true));
    for (const entry of replayOrder(queue)) {
      if (!entry.attempted) await outboxOf(database).update(entry.id, { attempted: true });
      let answer: ReplayAnswer;
      try {
        answer = await send(entry);
      } catch (error) {
        throw new ReplayInterrupted(result(true), error);
      }
      outcomes.set(entry.id, answer);
      if (answer.outcome === 'applied') applied += 1;
      else refused += 1;
      if (answer.outcome === 'applied') {
        await outboxOf(database).update(entry.id, { status: 'applied', appliedAt: Date.now() });
      } else {
        await outboxOf(database).update(entry.id, {
          status: 'refused',
          reason: answer.reason,
          ...(answer.code ? { reasonCode: answer.code } : {}),
        });
      }
    }
    return result();
  };
  return withOutboxLock(userKey, run);
}
