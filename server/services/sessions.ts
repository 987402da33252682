/**
 * Server-side sessions (ASVS 5.0 V7): a sign-in opens one, every token names it (`sid`), and a
 * token is accepted only while its session is open. Ending a session (logout, "Abmelden" of a
 * device, a password change, the link of the new-device mail) is one row update, so it holds at
 * once on every server instance that shares the database.
 */
import { randomUUID } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import UAParser from 'ua-parser-js';
import { formatDateTime } from '../../src/domain/dates';
import type { Database, Transaction } from '../db/client';
import { sessions, type users } from '../db/schema';
import { enqueueMail } from './mail';
import { newDeviceMail } from './mail-templates';
import { hashToken, newUrlToken } from './tokens';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionEndReason = 'logout' | 'ended-by-user' | 'ended-from-mail' | 'password-changed';

/** Where a sign-in comes from, as the request tells it. */
export interface SignInOrigin {
  userAgent: string | null;
  clientIp: string;
}

/** How often a signed-in request writes "last seen": once per this many milliseconds at most. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** "Chrome 131 auf Windows", "Safari auf iOS"; "Unbekanntes Gerät" when the agent says nothing usable. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ');
  const system = parsed.os.name ?? '';
  if (browser && system) return `${browser} auf ${system}`;
  if (browser || system) return browser || system;
  return 'Unbekanntes Gerät';
}

/** The first 32 bits of an IPv6 address, as eight hex digits (`::` expanded). */
function ipv6Prefix32(address: string): string {
  const [head = '', tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  // "::1" and "2001::" have fewer than two groups before the gap: the gap is zeros.
  if (tail !== undefined) while (groups.length < 2) groups.push('0');
  return `${Number.parseInt(groups[0] ?? '0', 16).toString(16)}:${Number.parseInt(groups[1] ?? '0', 16).toString(16)}`;
}

/**
 * The coarse location a session shows: the first two octets of an IPv4 address ("203.0.x.x"), the
 * /32 of an IPv6 one ("2001:db8::/32"); never the whole address (it would identify the household).
 */
export function coarseLocation(clientIp: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientIp)?.[1];
  const address = mapped ?? clientIp;
  if (isIPv4(address)) {
    const [a, b] = address.split('.');
    return `${a}.${b}.x.x`;
  }
  if (isIPv6(address)) return `${ipv6Prefix32(address.split('%')[0] ?? address)}::/32`;
  return 'Unbekannt';
}

/**
 * Opens a session for a completed sign-in (after every factor), in the caller's transaction. A
 * device the account has not signed in from before (by its label; the first sign-in of an account
 * is no news) gets the owner a mail with a link that ends this session.
 */
export async function openSession(
  tx: Transaction,
  user: typeof users.$inferSelect,
  origin: SignInOrigin,
  settings: { publicUrl: string; tokenExpiresAt: Date },
): Promise<SessionRow> {
  const label = deviceLabel(origin.userAgent);
  const earlier = await tx
    .select({ deviceLabel: sessions.deviceLabel })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  const newDevice = earlier.length > 0 && !earlier.some((row) => row.deviceLabel === label);
  const endLink = newDevice ? newUrlToken() : null;
  const [session] = await tx
    .insert(sessions)
    .values({
      id: randomUUID(),
      userId: user.id,
      deviceLabel: label,
      coarseLocation: coarseLocation(origin.clientIp),
      expiresAt: settings.tokenExpiresAt,
      endLinkHash: endLink ? hashToken(endLink) : null,
    })
    .returning();
  if (!session) throw new Error('session not stored');
  if (endLink) {
    await enqueueMail(
      tx,
      newDeviceMail(user, {
        time: formatDateTime(session.createdAt),
        device: session.deviceLabel,
        location: session.coarseLocation,
        endLink: `${settings.publicUrl}/end-session/${endLink}`,
      }),
    );
  }
  return session;
}

/** Notes a refresh: the session's newest token expires at `expiresAt`. */
export async function sessionRefreshed(db: Database, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Writes "last seen" when the stored one is older than the resolution (not on every request). */
export async function touchSession(db: Database, session: Pick<SessionRow, 'id' | 'lastSeenAt'>) {
  if (Date.now() - session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, session.id));
}

/** The sessions of the user that can still be used: not ended, and the newest token not expired. */
export function openSessions(db: Database, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of the user; false when there is no such open session of this user. */
export async function endSession(
  db: Database | Transaction,
  userId: number,
  sessionId: string,
  reason: SessionEndReason,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length === 1;
}

/** Ends every open session of the user but `keep` (none kept when it is null); answers how many. */
export async function endOtherSessions(
  db: Database | Transaction,
  userId: number,
  keep: string | null,
  reason: SessionEndReason,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends the session a new-device mail's link names (works once; signs nobody in). */
export async function endSessionFromLink(db: Database, rawToken: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endedReason: 'ended-from-mail', endLinkHash: null })
    .where(and(eq(sessions.endLinkHash, hashToken(rawToken.trim())), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length === 1;
}
