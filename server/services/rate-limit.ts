import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

export interface RateLimitRule {
  /** Maximum counted events per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * The limits of the unauthenticated entry operations. Sign-in attempts are counted before the
 * password is checked (atomically, so parallel attempts cannot slip past the limit) and given back
 * when the password was right, so only failures stay on record: per address and IP (so nobody can
 * lock a client out from elsewhere), per IP over all addresses, and per address over all IPs as a
 * ceiling for distributed guessing far above a person's mistakes (reaching it mails the owner an
 * unlock link, at most once an hour).
 */
export const rateLimits = {
  loginFailuresPerEmailAndIp: { limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { limit: 100, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { limit: 100, windowSeconds: 3600 },
  unlockMailsPerEmail: { limit: 1, windowSeconds: 3600 },
  emailChangesPerUser: { limit: 5, windowSeconds: 3600 },
  emailChangesPerIp: { limit: 20, windowSeconds: 3600 },
  contactMailsPerUser: { limit: 20, windowSeconds: 3600 },
  contactMailsPerIp: { limit: 60, windowSeconds: 3600 },
  referralsPerUser: { limit: 20, windowSeconds: 3600 },
  referralsPerIp: { limit: 60, windowSeconds: 3600 },
  registrationsPerEmail: { limit: 5, windowSeconds: 3600 },
  registrationsPerIp: { limit: 30, windowSeconds: 3600 },
  resetRequestsPerEmail: { limit: 5, windowSeconds: 3600 },
  resetRequestsPerIp: { limit: 30, windowSeconds: 3600 },
  /**
   * Invoice and certificate PDFs: a signed-in client's own offline sync fetches each of its PDFs
   * (counted per user); links opened without a session count per IP (an office behind one address).
   */
  pdfPerUser: { limit: 600, windowSeconds: 3600 },
  pdfPerIp: { limit: 240, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** Keys longer than this are stored as their hash: keys contain caller input (addresses, IPs). */
const MAX_KEY_LENGTH = 200;

/**
 * The stored form of a key: short keys as they are (readable), long ones shortened with a SHA-256 of
 * the whole key, so an absurdly long e-mail address cannot break the counter's index.
 */
export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${Array.from(key).slice(0, 32).join('')}…${createHash('sha256').update(key).digest('hex')}`;
}

function windowStart(rule: RateLimitRule, now: Date): Date {
  const ms = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * Sliding-window estimate from two fixed windows: the current window's count plus the part of
 * the previous window's count that still lies inside the last `windowSeconds` (rounded up). Plain
 * fixed windows forget everything at a window boundary, so a burst just before and just after it
 * would get twice the limit.
 */
async function slidingCount(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: Date,
  current: number,
): Promise<number> {
  const start = windowStart(rule, now);
  const windowMs = rule.windowSeconds * 1000;
  const [previous] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.key, storedKey(key)),
        eq(rateLimitHits.windowStart, new Date(start.getTime() - windowMs)),
      ),
    );
  const stillInside = 1 - (now.getTime() - start.getTime()) / windowMs;
  return current + Math.ceil((previous?.count ?? 0) * stillInside);
}

/** Counts one event; answers the events of the last window including this one. */
export async function countEvent(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: storedKey(key), windowStart: windowStart(rule, now), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  return slidingCount(db, key, rule, now, row?.count ?? 1);
}

/** The events of the last window (sliding estimate), without counting one. */
export async function currentCount(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, storedKey(key)), eq(rateLimitHits.windowStart, windowStart(rule, now))));
  return slidingCount(db, key, rule, now, row?.count ?? 0);
}

export async function isLimited(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<boolean> {
  return (await currentCount(db, key, rule, now)) >= rule.limit;
}

/** Counts the event and tells whether it went over the limit. */
export async function countAndCheck(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<boolean> {
  return (await countEvent(db, key, rule, now)) > rule.limit;
}

/**
 * Takes back one counted event of the current window (an attempt counted before it was known to
 * be harmless, e.g. a sign-in with the right password).
 */
export async function refundEvent(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(
      and(
        eq(rateLimitHits.key, storedKey(key)),
        eq(rateLimitHits.windowStart, windowStart(rule, now)),
        gt(rateLimitHits.count, 0),
      ),
    );
}

/** Forgets every counted event of the key (e.g. the owner lifted the sign-in ceiling by mail link). */
export async function resetCounter(db: Pick<Database, 'delete'>, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, storedKey(key)));
}

export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, olderThan));
}
