/**
 * What `/readyz` and the metrics ask the database, each bounded in time: a probe or a scrape must
 * get an answer while the database hangs (a Postgres restart, a dropped network), not wait for the
 * pool's own timeout.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { type Database, migrationsApplied } from '../db/client';
import { outbox } from '../db/schema';

export class CheckTimedOut extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: keine Antwort nach ${ms} ms`);
    this.name = 'CheckTimedOut';
  }
}

/** `work`'s answer, or `CheckTimedOut` after `ms` (the work itself goes on and is ignored). */
export function withTimeout<T>(what: string, work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimedOut(what, ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface OutboxBacklog {
  rows: { kind: string; state: 'PENDING' | 'DEAD'; rows: number }[];
  oldestPendingSeconds: number;
}

/** Rows waiting or given up, by kind, and the age of the oldest waiting one (the status index serves both). */
export function outboxBacklog(db: Database, timeoutMs: number): Promise<OutboxBacklog> {
  const read = async (): Promise<OutboxBacklog> => {
    const rows = await db
      .select({ kind: outbox.kind, state: outbox.status, rows: sql<number>`count(*)::int` })
      .from(outbox)
      .where(inArray(outbox.status, ['PENDING', 'DEAD']))
      .groupBy(outbox.kind, outbox.status);
    const [oldest] = await db
      .select({
        seconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
      })
      .from(outbox)
      .where(eq(outbox.status, 'PENDING'));
    return {
      rows: rows.map((row) => ({ ...row, state: row.state === 'DEAD' ? 'DEAD' : 'PENDING' })),
      oldestPendingSeconds: Math.max(0, Number(oldest?.seconds ?? 0)),
    };
  };
  return withTimeout('Postausgang', read(), timeoutMs);
}

/** A reason `/readyz` answers 503 with (English keys for machines, German text for people). */
export interface NotReady {
  check: 'database' | 'migrations' | 'outbox-dispatcher';
  reason: string;
}

export interface ReadinessSources {
  db: Database;
  /** The process's outbox dispatcher; none (an app built without one) is not ready. */
  dispatcher: { alive(): boolean } | undefined;
  timeoutMs: number;
}

/** Every failed check, in order; an empty list is ready. */
export async function readinessProblems(sources: ReadinessSources): Promise<NotReady[]> {
  const problems: NotReady[] = [];
  try {
    const applied = await withTimeout('Datenbank', migrationsApplied(sources.db), sources.timeoutMs);
    if (!applied)
      problems.push({
        check: 'migrations',
        reason: 'Die Datenbank hat nicht alle Migrationen dieses Servers.',
      });
  } catch (error) {
    problems.push({
      check: 'database',
      reason:
        error instanceof CheckTimedOut
          ? `Die Datenbank antwortet nicht (${sources.timeoutMs} ms).`
          : 'Die Datenbank ist nicht erreichbar.',
    });
  }
  if (!sources.dispatcher?.alive())
    problems.push({ check: 'outbox-dispatcher', reason: 'Der Postausgang (Zustellung) läuft nicht.' });
  return problems;
}
