import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  tokenVersion: number;
  /** Unix seconds of the sign-in that started the session; refreshes keep it. */
  sessionStart: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * HS256 session token expiring at `expiresAt` (unix seconds); `tv` is the user's token version,
 * raised on password change, `ses` the start of the session (bounds how long refreshes may go on).
 */
export function signSessionToken(claims: SessionClaims, secret: string, expiresAt: number): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion, ses: claims.sessionStart })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key(secret));
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export async function verifySessionToken(token: string, secret: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload.tv;
    // Tokens issued before `ses` existed started their session when they were issued.
    const sessionStart = typeof payload.ses === 'number' ? payload.ses : payload.iat;
    if (
      !Number.isSafeInteger(userId) ||
      typeof tokenVersion !== 'number' ||
      typeof sessionStart !== 'number'
    ) {
      return null;
    }
    return { userId, tokenVersion, sessionStart };
  } catch {
    return null;
  }
}

/** A random URL-safe token for links in e-mails; only its hash is stored. */
export function newUrlToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
