import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  /** The server-side session (`sessions.id`) the token belongs to: ended there, the token is refused. */
  sessionId: string;
  tokenVersion: number;
  /** Unix seconds of the sign-in that started the session; refreshes keep it. */
  sessionStart: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * HS256 session token expiring at `expiresAt` (unix seconds); `tv` is the user's token version,
 * raised on password change, `ses` the start of the session (bounds how long refreshes may go on),
 * `sid` the session's row.
 */
export function signSessionToken(
  claims: SessionClaims,
  secret: string,
  expiresAt: number,
  // The second the expiry was counted from: jose's own clock could already be in the next one.
  issuedAt: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, tv: claims.tokenVersion, ses: claims.sessionStart })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
}

/**
 * Tokens whose signature and claims were checked, per secret, with their expiry (unix seconds):
 * every request of a session carries the same token, and its signature cannot change, so it is
 * verified once per process (jose's check through WebCrypto cost about 0.5 ms of CPU per
 * request). The expiry is checked again on every use; whether the session is still open and the
 * user still exists, is active and has the token's version stays a database read per request
 * (`sessionFromToken`): a revocation holds at once on every instance.
 */
const verified = new Map<string, Map<string, { claims: SessionClaims; expiresAt: number }>>();
/** More tokens than this for one secret and the memo starts afresh (bounds its memory). */
const MAX_VERIFIED_TOKENS = 10_000;

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export async function verifySessionToken(token: string, secret: string): Promise<SessionClaims | null> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit) {
    // The same rule as jose's: expired once `exp` is reached.
    if (hit.expiresAt > nowSeconds) return hit.claims;
    known?.delete(token);
    return null;
  }
  const checked = await verifyWithJose(token, secret);
  if (!checked) return null;
  if (!known) {
    known = new Map();
    verified.set(secret, known);
  }
  if (known.size >= MAX_VERIFIED_TOKENS) known.clear();
  known.set(token, checked);
  return checked.claims;
}

async function verifyWithJose(
  token: string,
  secret: string,
): Promise<{ claims: SessionClaims; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload.tv;
    // Tokens from before server-side sessions carry no `sid`: they are refused (sign in again).
    const sessionId = payload.sid;
    // Tokens issued before `ses` existed started their session when they were issued.
    const sessionStart = typeof payload.ses === 'number' ? payload.ses : payload.iat;
    if (
      !Number.isSafeInteger(userId) ||
      typeof tokenVersion !== 'number' ||
      typeof sessionId !== 'string' ||
      !SESSION_ID.test(sessionId) ||
      typeof sessionStart !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return {
      claims: Object.freeze({ userId, sessionId, tokenVersion, sessionStart }),
      expiresAt: payload.exp,
    };
  } catch {
    return null;
  }
}

/** The shape of a session id (a UUID, as `randomUUID` makes them). */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A random URL-safe token for links in e-mails; only its hash is stored. */
export function newUrlToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
