import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;

/** 'done' when delivered, 'skipped' when there is deliberately nowhere to deliver to. */
export type DeliveryOutcome = 'done' | 'skipped';
/** `signal` is aborted when the server stops: a delivery that can be cut short (HTTP) ends then. */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  row: OutboxRow,
  signal?: AbortSignal,
) => Promise<DeliveryOutcome>;
export type OutboxHandlers = Record<string, OutboxHandler>;

export interface DispatchOptions {
  batchSize?: number;
  /** Tries before a row is marked DEAD. */
  maxAttempts?: number;
  /** First retry delay; each further try doubles it (capped at one hour). */
  retryBaseMs?: number;
  /** How long a claimed row is hidden from other dispatchers while it is being delivered. */
  leaseMs?: number;
  /** Told of every claimed row's result (the metrics count them). */
  onSettled?: (row: OutboxRow, result: SettledAs) => void;
  /**
   * Aborted when the server stops: the rows of the batch not yet delivered (and one whose delivery
   * was cut short) are released at once instead of waiting for their lease in another process.
   */
  signal?: AbortSignal;
  /**
   * Fault hook of the tests, called after a delivery and before it is recorded: a hook that never
   * returns is a process that died in between (the row comes back after its lease).
   */
  afterDelivery?: (row: OutboxRow) => Promise<void>;
}

/** What became of a claimed row: delivered, skipped, to be tried again, or given up. */
export type SettledAs = 'done' | 'skipped' | 'retry' | 'dead';

const defaults = {
  batchSize: 20,
  maxAttempts: 8,
  retryBaseMs: 5_000,
  leaseMs: 120_000,
} satisfies Required<Omit<DispatchOptions, 'onSettled' | 'signal' | 'afterDelivery'>>;

export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Claims due rows with `FOR UPDATE SKIP LOCKED` and a lease (so several server processes share
 * the work and a crashed process's rows come back after the lease), delivers them outside any
 * transaction, then marks each DONE/SKIPPED, schedules a retry with exponential backoff, or
 * marks it DEAD after `maxAttempts`. Returns the number of rows handled.
 */
export async function dispatchOutboxOnce(
  db: Database,
  handlers: OutboxHandlers,
  options: DispatchOptions = {},
): Promise<number> {
  const { batchSize, maxAttempts, retryBaseMs, leaseMs } = { ...defaults, ...options };
  const settled = options.onSettled ?? (() => {});
  const { signal } = options;
  if (signal?.aborted) return 0;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      // The database's clock decides what is due, so processes on several hosts agree.
      .where(and(eq(outbox.status, 'PENDING'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  const rows = claimed.sort((a, b) => a.id - b.id);
  for (const [index, row] of rows.entries()) {
    if (signal?.aborted) {
      await releaseClaims(db, rows.slice(index));
      break;
    }
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`Kein Zustellweg für "${row.kind}" konfiguriert`);
      const outcome = await handler(row.payload, row, signal);
      await options.afterDelivery?.(row);
      await db
        .update(outbox)
        .set({ status: outcome === 'done' ? 'DONE' : 'SKIPPED', deliveredAt: new Date(), lastError: null })
        .where(eq(outbox.id, row.id));
      settled(row, outcome);
    } catch (error) {
      if (signal?.aborted) {
        // Cut short by the stop, not failed: delivered again (same idempotency key) without a try lost.
        await releaseClaims(db, rows.slice(index));
        break;
      }
      const message = error instanceof Error ? error.message : String(error);
      const dead = row.attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          status: dead ? 'DEAD' : 'PENDING',
          lastError: message.slice(0, 2000),
          nextAttemptAt: sql`now() + ${retryDelayMs(row.attempts, retryBaseMs)} * interval '1 millisecond'`,
        })
        .where(eq(outbox.id, row.id));
      settled(row, dead ? 'dead' : 'retry');
    }
  }
  return claimed.length;
}

/**
 * Hands claimed, undelivered rows back: due now, the claim's try not counted. A row whose lease
 * ran out and that another dispatcher claimed since (its tries went up) is left to that one.
 */
async function releaseClaims(db: Database, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'PENDING'), eq(outbox.attempts, row.attempts)));
  }
}

export interface RunningDispatcher {
  /** Asks for a run soon (after a request wrote outbox rows). */
  nudge(): void;
  /**
   * Whether it still works: not stopped, and no run has been busy for longer than a lease (a hung
   * delivery; its rows go to other dispatchers by then). Asked by `/readyz`.
   */
  alive(): boolean;
  /** Ends the current delivery where it can be cut short, releases the run's other claims, resolves when idle. */
  stop(): Promise<void>;
}

/** Runs the dispatcher every `intervalMs` and whenever nudged, never two runs at once. */
export function startOutboxDispatcher(
  db: Database,
  handlers: OutboxHandlers,
  options: DispatchOptions & { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RunningDispatcher {
  const intervalMs = options.intervalMs ?? 1_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let runStartedAt = 0;
  const stuckAfterMs = options.leaseMs ?? defaults.leaseMs;
  const stopping = new AbortController();
  const runOptions = { ...options, signal: stopping.signal };

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    runStartedAt = Date.now();
    running = (async () => {
      try {
        let handled = 0;
        do {
          handled = await dispatchOutboxOnce(db, handlers, runOptions);
        } while (handled > 0 && !stopped);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      }
    })();
  };

  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    nudge: run,
    alive: () => !stopped && (running === null || Date.now() - runStartedAt < stuckAfterMs),
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
