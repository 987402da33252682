import type { invoices, users } from '../../db/schema';
import type { InvoiceLine } from '../invoices';

export interface HostedInvoice {
  providerInvoiceId: string;
  providerInvoiceNumber: string | null;
  hostedInvoiceUrl: string;
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
  }): Promise<HostedInvoice>;
  /** A session URL of the provider's customer portal (invoices and their PDFs). */
  customerPortalUrl(client: typeof users.$inferSelect, returnUrl: string): Promise<string>;
}
