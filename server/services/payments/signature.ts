/**
 * Signature of the local provider's webhook, shaped like the real provider's:
 * header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, five minutes tolerance.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LOCAL_SIGNATURE_HEADER = 'weindepot-signature';
const TOLERANCE_SECONDS = 300;

export function signPayload(rawBody: string, secret: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifySignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now = new Date(),
) {
  if (!header || !secret) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS)
    return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(/^[0-9a-f]+$/i.test(given) ? given : '', 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
