import type { invoices, users } from '../../db/schema';

/** One line a provider bills: a position or a fee, with its amount. */
export interface InvoiceLine {
  description: string;
  amountCents: number;
}

export interface HostedInvoice {
  providerInvoiceId: string;
  providerInvoiceNumber: string | null;
  hostedInvoiceUrl: string;
  /** A customer the provider created for the client on the way (stored on the client). */
  providerCustomerId?: string;
}

/**
 * A card-payment provider: it bills an invoice on a hosted page and reports the result through
 * a signed webhook (parsed by the provider's route in `server/routes/checkout.ts`).
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createHostedInvoice(request: {
    invoice: typeof invoices.$inferSelect;
    client: typeof users.$inferSelect;
    lines: InvoiceLine[];
    /**
     * One key per invoice: the provider answers a repeated creation with the invoice it already
     * created instead of billing twice (Stripe's `Idempotency-Key`).
     */
    idempotencyKey: string;
  }): Promise<HostedInvoice>;
  /**
   * Voids the provider's invoice of a cancelled order so it can no longer be paid (Stripe: void
   * an open invoice). The local provider's page checks the invoice's stage instead.
   */
  voidInvoice(providerInvoiceId: string, idempotencyKey: string): Promise<void>;
  /** A session URL of the provider's customer portal (invoices and their PDFs). */
  customerPortalUrl(client: typeof users.$inferSelect, returnUrl: string): Promise<string>;
}
