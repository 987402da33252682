/**
 * The local payment provider (default): a hosted invoice page at `/pay/<id>` with a test-card
 * form and a customer portal page; results arrive through a signed webhook like the real one's.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HostedInvoice, PaymentProvider } from './provider';

/** Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
export const LOCAL_TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

export type CardOutcome = 'paid' | 'failed' | 'invalid';

export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === LOCAL_TEST_CARDS.pays) return 'paid';
  if (digits === LOCAL_TEST_CARDS.declined) return 'failed';
  return 'invalid';
}

const PORTAL_TTL_SECONDS = 3600;

/** A portal link for one client, signed and valid for an hour (no server-side session needed). */
export function portalToken(userId: number, secret: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + PORTAL_TTL_SECONDS;
  const mac = createHmac('sha256', secret).update(`portal.${userId}.${expires}`).digest('base64url');
  return `${userId}.${expires}.${mac}`;
}

/** The client id of a valid, unexpired portal token, or null. */
export function portalUserId(token: string, secret: string, now = new Date()): number | null {
  const [user, expires, mac] = token.split('.');
  if (!user || !expires || !mac) return null;
  if (Number(expires) < now.getTime() / 1000) return null;
  const expected = createHmac('sha256', secret).update(`portal.${user}.${expires}`).digest('base64url');
  const a = Buffer.from(expected);
  const b = Buffer.from(mac);
  return a.length === b.length && timingSafeEqual(a, b) ? Number(user) : null;
}

export function createLocalProvider(options: { publicUrl: string; secret: string }): PaymentProvider {
  return {
    name: 'local',
    async createHostedInvoice({ invoice }): Promise<HostedInvoice> {
      const providerInvoiceId = `in_local_${randomBytes(16).toString('hex')}`;
      return {
        providerInvoiceId,
        providerInvoiceNumber: invoice.invoiceNumber,
        hostedInvoiceUrl: `${options.publicUrl}/pay/${providerInvoiceId}`,
      };
    },
    // The hosted page (`/pay/<id>`) refuses payment once the invoice is CANCELLED: nothing to do.
    async voidInvoice() {},
    async customerPortalUrl(client) {
      return `${options.publicUrl}/pay/portal/${portalToken(client.id, options.secret)}`;
    },
  };
}
