/**
 * Signed, short-lived addresses of the video files at `/media/videos/<file>`. A `<video src>` cannot
 * send the Authorization header, so the permission travels in the URL: `?exp=<unix seconds>&sig=<HMAC>`,
 * the HMAC-SHA256 (secret `MEDIA_URL_SECRET`) over the path and the expiry. Who may see which address
 * is decided where it is handed out (GraphQL `AcademyVideo.videoUrl` only for signed-in clients,
 * `Vintage.videoUrl` for everyone); the file route only checks the signature and the time.
 *
 * Expiry times are rounded up to a whole hour and lie 1 to 2 hours ahead: every refetch within the
 * same hour hands out the same address, so a refreshed query does not change the `<video src>` and
 * restart playback.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const VIDEO_URL_PREFIX = '/media/videos/';
/** Rounding step of the expiry times; a signed address stays valid for at least this long. */
export const SIGNED_URL_STEP_SECONDS = 3600;

const signature = (secret: string, pathname: string, expires: number): string =>
  createHmac('sha256', secret).update(`${pathname}\n${expires}`).digest('base64url');

/** The expiry of an address signed now: the next full hour plus one (valid ≥ 1 h, < 2 h). */
export function signedUrlExpiry(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return (Math.floor(seconds / SIGNED_URL_STEP_SECONDS) + 2) * SIGNED_URL_STEP_SECONDS;
}

/**
 * The signed address of a stored media URL. Only video files need a signature; any other URL
 * (images, external addresses, a value already carrying a query) is returned as it is.
 */
export function signMediaUrl(url: string, secret: string, now: Date): string {
  if (!url.startsWith(VIDEO_URL_PREFIX) || url.includes('?')) return url;
  const expires = signedUrlExpiry(now);
  return `${url}?exp=${expires}&sig=${signature(secret, url, expires)}`;
}

export type SignedUrlCheck =
  | { ok: true; expires: number }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/** Checks `exp` and `sig` of a request for `pathname` (as requested, e.g. `/media/videos/a.webm`). */
export function verifyMediaSignature(
  pathname: string,
  exp: unknown,
  sig: unknown,
  secret: string,
  now: Date,
): SignedUrlCheck {
  if (typeof exp !== 'string' || typeof sig !== 'string' || exp === '' || sig === '') {
    return { ok: false, reason: 'missing' };
  }
  if (!/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return { ok: false, reason: 'invalid' };
  const expires = Number(exp);
  const expected = Buffer.from(signature(secret, pathname, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, expires };
}
