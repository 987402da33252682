/**
 * The daily holdings snapshot: once the day has reached `PROOF_SNAPSHOT_TIME` (Europe/Berlin) and
 * the day has no snapshot yet, one server instance takes it (a try-lock; the others skip), and a
 * day that already has one is left alone. Checked every minute and at start-up, so a process that
 * was down at the hour catches up.
 */
import { eq } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, businessDay } from '../../src/domain/dates';
import type { ServerConfig } from '../config';
import { whileHoldingLock } from '../db/advisory-lock';
import type { Database } from '../db/client';
import { holdingsSnapshots } from '../db/schema';
import { createHoldingsSnapshot } from '../services/holdings-proof';

/** Key of the session lock one instance holds while it takes the daily snapshot. */
const DAILY_LOCK_KEY = 4_604_601;
const CHECK_EVERY_MS = 60_000;

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIME_ZONE,
});

function minutesOfDay(now: Date): number {
  const parts = clock.formatToParts(now);
  const part = (type: 'hour' | 'minute') => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

export type DailyOutcome = 'built' | 'not-yet' | 'exists' | 'locked';

async function dayHasSnapshot(db: Database, day: string) {
  const [row] = await db
    .select({ snapshotHash: holdingsSnapshots.snapshotHash })
    .from(holdingsSnapshots)
    .where(eq(holdingsSnapshots.date, day))
    .limit(1);
  return Boolean(row);
}

/** One check: takes today's snapshot when it is due and nobody has (or is taking) it. */
export async function runDailyHoldingsSnapshot(
  db: Database,
  config: Pick<ServerConfig, 'holdingsProof'>,
  now = new Date(),
): Promise<DailyOutcome> {
  const { hour, minute } = config.holdingsProof.snapshotTime;
  if (minutesOfDay(now) < hour * 60 + minute) return 'not-yet';
  const day = businessDay(now);
  if (await dayHasSnapshot(db, day)) return 'exists';
  const result = await whileHoldingLock(db, DAILY_LOCK_KEY, async (): Promise<DailyOutcome> => {
    // Another instance may have finished between the first look and the lock.
    if (await dayHasSnapshot(db, day)) return 'exists';
    await createHoldingsSnapshot(db, config, now);
    return 'built';
  });
  return result.locked ? result.value : 'locked';
}

export function startHoldingsSnapshotSchedule(
  db: Database,
  config: Pick<ServerConfig, 'holdingsProof'>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const check = () => {
    if (stopped) return;
    running = runDailyHoldingsSnapshot(db, config).catch(onError);
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  check();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
