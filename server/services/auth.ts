import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, normalizePassword } from '../../src/domain/entry-validation';
import type { ServerConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { accountTokens, sessions, users } from '../db/schema';
import { authMessages, validatePasswordReset, validateRegistration } from './auth-validation';
import { clientError, type MutationResult, ok, refused, refusedAll } from './errors';
import { enqueueMail } from './mail';
import { activationMail, loginUnlockMail, passwordResetMail } from './mail-templates';
import { hashPassword, PasswordQueueFull, verifyPassword } from './passwords';
import { attachManualQuotes } from './profiles';
import {
  countAndCheck,
  countEvent,
  type RateLimitRule,
  rateLimits,
  refundEvent,
  resetCounter,
} from './rate-limit';
import {
  endOtherSessions,
  openSession,
  type SessionRow,
  type SignInOrigin,
  sessionRefreshed,
  touchSession,
} from './sessions';
import { hashToken, newUrlToken, type SessionClaims, signSessionToken, verifySessionToken } from './tokens';

export type UserRow = typeof users.$inferSelect;
export type AuthSettings = Pick<ServerConfig, 'publicUrl' | 'jwtSecret' | 'jwtTtlSeconds'> &
  Partial<Pick<ServerConfig, 'jwtSessionMaxSeconds'>>;

/** Without a configured maximum, a session may be refreshed for 30 days after its sign-in. */
const DEFAULT_SESSION_MAX_SECONDS = 30 * 24 * 3600;

const ACTIVATION_TTL_MS = 14 * 24 * 3600 * 1000;
const PASSWORD_RESET_TTL_MS = 2 * 3600 * 1000;

export interface RegistrationInput {
  email: string;
  password: string;
  passwordRepeat: string;
  salutation?: string | null;
  title?: string | null;
  firstName: string;
  lastName: string;
  company?: string | null;
  phone?: string | null;
  newsletter?: boolean | null;
  lwin?: string | null;
  streetAndNumber?: string | null;
  addressSupplement?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
}

const emptyToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export async function register(
  db: Database,
  settings: AuthSettings,
  input: RegistrationInput,
  clientIp: string,
): Promise<MutationResult> {
  const email = normalizeEmail(input.email);
  const overIp = await countAndCheck(db, `register:ip:${clientIp}`, rateLimits.registrationsPerIp);
  const overEmail = await countAndCheck(db, `register:email:${email}`, rateLimits.registrationsPerEmail);
  if (overIp || overEmail) return refused('RATE_LIMITED', authMessages.rateLimited);
  const invalid = validateRegistration({ ...input, email });
  if (invalid.length > 0) return refusedAll(invalid);

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return refused('EMAIL_ALREADY_REGISTERED', authMessages.emailAlreadyRegistered, 'email');

  const passwordHash = await hashPassword(normalizePassword(input.password));
  const token = newUrlToken();
  const lwin = emptyToNull(input.lwin);
  const title = emptyToNull(input.title);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        salutation: emptyToNull(input.salutation),
        title: title === '-' ? null : title,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        company: emptyToNull(input.company),
        phone: emptyToNull(input.phone),
        newsletter: input.newsletter ?? false,
        registrationLwin: lwin,
        streetAndNumber: emptyToNull(input.streetAndNumber),
        addressSupplement: emptyToNull(input.addressSupplement),
        postalCode: emptyToNull(input.postalCode),
        city: emptyToNull(input.city),
        country: emptyToNull(input.country) ?? 'DE',
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return;
    // Adviser quotes made for this e-mail before the account existed become its adviser offers.
    await attachManualQuotes(tx, user);
    await tx.insert(accountTokens).values({
      userId: user.id,
      purpose: 'ACTIVATION',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ACTIVATION_TTL_MS),
    });
    const link = `${settings.publicUrl}/activate/${token}${lwin ? `/${encodeURIComponent(lwin)}` : ''}`;
    await enqueueMail(tx, activationMail(user, link));
  });
  return ok();
}

/** Finds an unused, unexpired token of the purpose; used or expired tokens are refused alike. */
async function findLiveToken(
  db: Database,
  token: string,
  purpose: 'ACTIVATION' | 'PASSWORD_RESET' | 'LOGIN_UNLOCK',
) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

export async function activate(db: Database, uid: string): Promise<MutationResult> {
  const token = await findLiveToken(db, uid.trim(), 'ACTIVATION');
  if (!token) return refused('INVALID_TOKEN', authMessages.activationInvalid);
  const activated = await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, token.id))) return false;
    await tx.update(users).set({ isActive: true }).where(eq(users.id, token.userId));
    return true;
  });
  return activated ? ok() : refused('INVALID_TOKEN', authMessages.activationInvalid);
}

/** Marks a token used unless a concurrent request did so first: a link works exactly once. */
async function consumeToken(tx: Transaction, tokenId: number): Promise<boolean> {
  const used = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return used.length === 1;
}

export interface SignedIn {
  token: string;
  user: UserRow;
  /** The server-side session the token belongs to. */
  sessionId: string;
}

/** A fixed argon2id hash so that unknown addresses cost as much time as wrong passwords. */
let timingDummyHash: Promise<string> | undefined;

const UNLOCK_TTL_MS = 30 * 60 * 1000;

/** The counters of sign-in attempts (see `rateLimits`). */
export const loginKeys = {
  emailAndIp: (email: string, clientIp: string) => `login:email-ip:${email}|${clientIp}`,
  ip: (clientIp: string) => `login:ip:${clientIp}`,
  email: (email: string) => `login:email:${email}`,
  unlockMail: (email: string) => `login:unlock-mail:${email}`,
};

/**
 * Signs in. Refusals are thrown as GraphQL errors with the server messages the PWA maps
 * (spec: entry error catalogue). Every attempt is counted before the password is checked (one
 * atomic upsert per counter, so parallel attempts cannot slip past a limit) and given back when the
 * password was right:
 * - per address and IP: 10 failures lock that pair for 15 minutes; the owner signing in from
 *   another address is not affected, so nobody can lock a client out from elsewhere;
 * - per IP: 100 failures over all addresses;
 * - per address over all IPs: a ceiling of 100 an hour against distributed guessing; reaching it
 *   mails the owner a one-time unlock link (at most one mail an hour) instead of refusing silently.
 */
export async function login(
  db: Database,
  settings: AuthSettings,
  credentials: { email: string; password: string },
  origin: SignInOrigin,
): Promise<SignedIn> {
  const { clientIp } = origin;
  const email = normalizeEmail(credentials.email);
  const now = new Date();
  const counted: [string, RateLimitRule][] = [
    [loginKeys.emailAndIp(email, clientIp), rateLimits.loginFailuresPerEmailAndIp],
    [loginKeys.ip(clientIp), rateLimits.loginFailuresPerIp],
  ];
  let over = false;
  for (const [key, rule] of counted) over = (await countEvent(db, key, rule, now)) > rule.limit || over;
  if (over) throw clientError(authMessages.loginRateLimited, 'RATE_LIMITED');
  // Attempts refused above never reach the address's ceiling: one source cannot use it up.
  counted.push([loginKeys.email(email), rateLimits.loginFailuresPerEmail]);
  if (
    (await countEvent(db, loginKeys.email(email), rateLimits.loginFailuresPerEmail, now)) >
    rateLimits.loginFailuresPerEmail.limit
  ) {
    await offerUnlock(db, settings, email, now);
    throw clientError(authMessages.loginLocked, 'RATE_LIMITED');
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  timingDummyHash ??= hashPassword('timing-dummy-password');
  let passwordOk: boolean;
  try {
    passwordOk = await verifyPassword(
      user?.passwordHash ?? (await timingDummyHash),
      normalizePassword(credentials.password),
    );
  } catch (error) {
    // Too many sign-ins at once: nothing was checked, so the attempt is not counted against anyone.
    if (error instanceof PasswordQueueFull) {
      for (const [key, rule] of counted) await refundEvent(db, key, rule, now);
    }
    throw error;
  }
  if (!user || !passwordOk) throw clientError(authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
  // The right password: the attempt was no failure.
  for (const [key, rule] of counted) await refundEvent(db, key, rule, now);
  if (!user.isActive) throw clientError(authMessages.notActivated, 'NOT_ACTIVATED');
  return completeSignIn(db, settings, user, origin);
}

/**
 * The end of a sign-in whose every factor was checked: the session is opened (and a new device
 * mailed about) in one transaction with the sign-in's time, then its first token is signed.
 */
export async function completeSignIn(
  db: Database,
  settings: AuthSettings,
  user: UserRow,
  origin: SignInOrigin,
): Promise<SignedIn> {
  const times = tokenTimes(settings);
  const { current, session } = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const signedIn = updated ?? user;
    const opened = await openSession(tx, signedIn, origin, {
      publicUrl: settings.publicUrl,
      tokenExpiresAt: new Date(times.expiresAt * 1000),
    });
    return { current: signedIn, session: opened };
  });
  const token = await signSessionToken(
    {
      userId: current.id,
      sessionId: session.id,
      tokenVersion: current.tokenVersion,
      sessionStart: times.now,
    },
    settings.jwtSecret,
    times.expiresAt,
    times.now,
  );
  return { token, user: current, sessionId: session.id };
}

/**
 * Mails the owner of the address a link that lifts the sign-in ceiling (valid 30 minutes, single
 * use, signs nobody in), at most once an hour per address; nothing for an unknown address.
 */
async function offerUnlock(db: Database, settings: AuthSettings, email: string, now: Date): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  if (await countAndCheck(db, loginKeys.unlockMail(email), rateLimits.unlockMailsPerEmail, now)) return;
  const token = newUrlToken();
  await db.transaction(async (tx) => {
    await tx.insert(accountTokens).values({
      userId: user.id,
      purpose: 'LOGIN_UNLOCK',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + UNLOCK_TTL_MS),
    });
    await enqueueMail(tx, loginUnlockMail(user, `${settings.publicUrl}/unlock/${token}`));
  });
}

/**
 * Lifts the per-address sign-in ceiling with the token of an unlock mail (single use). It signs
 * nobody in: the owner then signs in with the password as usual.
 */
export async function unlockLogin(db: Database, rawToken: string): Promise<boolean> {
  const token = await findLiveToken(db, rawToken.trim(), 'LOGIN_UNLOCK');
  if (!token) return false;
  return db.transaction(async (tx) => {
    if (!(await consumeToken(tx, token.id))) return false;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, token.userId));
    if (user) await resetCounter(tx, loginKeys.email(user.email));
    return true;
  });
}

/**
 * Issue time and expiry of a session's next token, from one reading of the clock (a token signed
 * across a second's boundary lived a second less than its lifetime). A refresh keeps the
 * session's start: the token never outlives the session's maximum age, so a stolen token cannot
 * be refreshed forever.
 */
function tokenTimes(settings: AuthSettings, sessionStart?: number): { now: number; expiresAt: number } {
  const now = nowSeconds();
  const maxAge = settings.jwtSessionMaxSeconds ?? DEFAULT_SESSION_MAX_SECONDS;
  return { now, expiresAt: Math.min(now + settings.jwtTtlSeconds, (sessionStart ?? now) + maxAge) };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The user a session token belongs to, if the token is valid, current and the user active. */
export async function userFromToken(
  db: Database,
  settings: AuthSettings,
  token: string,
): Promise<UserRow | null> {
  return (await sessionFromToken(db, settings, token))?.user ?? null;
}

/**
 * The read of every signed-in request, prepared once (db/prepared.ts): the token's session and its
 * user by the session's primary key, so an ended session is refused on every instance at once.
 */
const sessionUserStatement = preparedPerDatabase((db) =>
  db
    .select({
      user: users,
      session: {
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        endedAt: sessions.endedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_user'),
);

export interface SignedInSession {
  user: UserRow;
  claims: SessionClaims;
  session: Pick<SessionRow, 'id' | 'createdAt' | 'lastSeenAt'>;
}

/** The absolute limit (`JWT_SESSION_MAX_SECONDS`), counted from the session's row, not the token. */
function pastMaximumAge(settings: AuthSettings, session: Pick<SessionRow, 'createdAt'>): boolean {
  const maxAge = settings.jwtSessionMaxSeconds ?? DEFAULT_SESSION_MAX_SECONDS;
  return session.createdAt.getTime() + maxAge * 1000 <= Date.now();
}

/** The open session and active user a valid token belongs to; null for anything else. */
export async function sessionFromToken(
  db: Database,
  settings: AuthSettings,
  token: string,
): Promise<SignedInSession | null> {
  const claims = await verifySessionToken(token, settings.jwtSecret);
  if (!claims) return null;
  const [row] = await sessionUserStatement(db).execute({ sessionId: claims.sessionId });
  if (!row || row.session.endedAt || row.session.userId !== claims.userId) return null;
  if (pastMaximumAge(settings, row.session)) return null;
  const { user } = row;
  if (!user.isActive || user.tokenVersion !== claims.tokenVersion) return null;
  await touchSession(db, row.session);
  return { user, claims, session: row.session };
}

/**
 * Exchanges a valid token for a fresh one of the same session (the PWA refreshes while online, so a
 * client offline for days stays signed in). Expired tokens, those of an ended session (logout,
 * "Abmelden", password changed) and sessions past their maximum age are refused.
 */
export async function refreshSession(db: Database, settings: AuthSettings, token: string): Promise<SignedIn> {
  const signedIn = await sessionFromToken(db, settings, token);
  if (!signedIn) throw clientError(authMessages.sessionExpired, 'UNAUTHENTICATED');
  const { user, session } = signedIn;
  const sessionStart = Math.floor(session.createdAt.getTime() / 1000);
  const times = tokenTimes(settings, sessionStart);
  await sessionRefreshed(db, session.id, new Date(times.expiresAt * 1000));
  const fresh = await signSessionToken(
    { userId: user.id, sessionId: session.id, tokenVersion: user.tokenVersion, sessionStart },
    settings.jwtSecret,
    times.expiresAt,
    times.now,
  );
  return { token: fresh, user, sessionId: session.id };
}

/**
 * Sends a reset link when the address belongs to an account. Unknown addresses get the same
 * answer, so the form cannot be used to find out who is a client.
 */
export async function requestPasswordReset(
  db: Database,
  settings: AuthSettings,
  rawEmail: string,
  clientIp: string,
): Promise<MutationResult> {
  const email = normalizeEmail(rawEmail);
  const overIp = await countAndCheck(db, `reset:ip:${clientIp}`, rateLimits.resetRequestsPerIp);
  const overEmail = await countAndCheck(db, `reset:email:${email}`, rateLimits.resetRequestsPerEmail);
  if (overIp || overEmail) return refused('RATE_LIMITED', authMessages.rateLimited);
  const invalid = validatePasswordReset({ email });
  if (invalid.length > 0) return refusedAll(invalid);

  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return ok();
  const token = newUrlToken();
  await db.transaction(async (tx) => {
    await tx.insert(accountTokens).values({
      userId: user.id,
      purpose: 'PASSWORD_RESET',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    await enqueueMail(tx, passwordResetMail(user, `${settings.publicUrl}/set-password/${token}`));
  });
  return ok();
}

/**
 * Sets a new password with a reset token. The token is single-use; every session of the account
 * ends but the caller's own, when the caller is signed in as this user (a password change from the
 * account settings keeps the device it was made on). Proving the address this way also activates
 * the account.
 */
export async function resetPassword(
  db: Database,
  input: { email: string; newPassword: string; postedToken: string },
  caller: { userId: number; sessionId: string } | null = null,
): Promise<MutationResult> {
  const email = normalizeEmail(input.email);
  const invalid = validatePasswordReset({ email, password: input.newPassword });
  if (invalid.length > 0) return refusedAll(invalid);
  const token = await findLiveToken(db, input.postedToken.trim(), 'PASSWORD_RESET');
  if (!token) return refused('INVALID_TOKEN', authMessages.resetInvalid);
  const [user] = await db.select().from(users).where(eq(users.id, token.userId));
  if (!user || user.email !== email) return refused('INVALID_TOKEN', authMessages.resetInvalid, 'email');
  const passwordHash = await hashPassword(normalizePassword(input.newPassword));
  const changed = await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, token.id))) return false;
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.purpose, 'PASSWORD_RESET'),
          isNull(accountTokens.usedAt),
        ),
      );
    const keep = caller?.userId === user.id ? caller.sessionId : null;
    await endOtherSessions(tx, user.id, keep, 'password-changed');
    await tx
      .update(users)
      // Without a session to keep, the token version too: nothing signed before is accepted again.
      .set({
        passwordHash,
        isActive: true,
        ...(keep ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
      })
      .where(eq(users.id, user.id));
    return true;
  });
  return changed ? ok() : refused('INVALID_TOKEN', authMessages.resetInvalid);
}

/** "Frau Dr. Berger": salutation, title and last name as the start page greets the client. */
export function directSalutation(
  user: Pick<UserRow, 'salutation' | 'title' | 'lastName' | 'firstName'>,
): string | null {
  const parts = [user.salutation, user.title, user.lastName].filter((part): part is string =>
    Boolean(part?.trim()),
  );
  if (!user.salutation) return user.firstName.trim() || null;
  return parts.join(' ');
}
