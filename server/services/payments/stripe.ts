/**
 * The Stripe adapter (official SDK): a customer per client, one invoice item per line, a
 * finalized invoice whose hosted page the client pays on, and the billing portal. `apiUrl`
 * points the SDK at another origin (a local stand-in in tests).
 *
 * The portal's PDF is the only invoice of a supply. Stripe's invoice object is what the client
 * pays through, so it is written as a payment request that names the portal's invoice, and it is
 * never mailed by Stripe: it is finalized by hand (`auto_advance: false`, so no automatic
 * finalization, reminders or collection mails) and `sendInvoice` is never called. The Stripe
 * Dashboard's customer e-mails for invoices and payments must be off as well (docs/operations.md).
 */
import Stripe from 'stripe';
import { PAYMENT_REQUEST_TEXTS } from '../../../src/domain/tax';
import type { HostedInvoice, PaymentProvider } from './provider';

export interface StripeOptions {
  secretKey: string;
  apiUrl?: string | undefined;
  /** Stores the Stripe customer id on the client the first time one is created. */
  rememberCustomer: (userId: number, customerId: string) => Promise<void>;
}

export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = createStripeClient(options.secretKey, options.apiUrl);

  /** The client's Stripe customer, created once; `remember` stores a new one on the client. */
  async function customerOf(
    client: Parameters<PaymentProvider['customerPortalUrl']>[0],
    remember = true,
  ): Promise<string> {
    if (client.paymentCustomerId) return client.paymentCustomerId;
    const customer = await stripe.customers.create(
      {
        email: client.email,
        name: [client.firstName, client.lastName].filter(Boolean).join(' '),
        address: {
          line1: client.streetAndNumber ?? '',
          line2: client.addressSupplement ?? undefined,
          postal_code: client.postalCode ?? '',
          city: client.city ?? '',
          country: client.country,
        },
        metadata: { userId: String(client.id) },
      },
      { idempotencyKey: `weindepot-customer-${client.id}` },
    );
    if (remember) await options.rememberCustomer(client.id, customer.id);
    return customer.id;
  }

  return {
    name: 'stripe',
    async createHostedInvoice({ invoice, client, lines, idempotencyKey }): Promise<HostedInvoice> {
      // Stored by the caller inside its transaction (it holds the invoice's lock).
      const customer = await customerOf(client, false);
      const invoiceNumber = invoice.invoiceNumber ?? '';
      const draft = await stripe.invoices.create(
        {
          customer,
          currency: 'eur',
          collection_method: 'send_invoice',
          days_until_due: 14,
          auto_advance: false,
          description: PAYMENT_REQUEST_TEXTS.description(invoiceNumber),
          footer: `${PAYMENT_REQUEST_TEXTS.title}. ${PAYMENT_REQUEST_TEXTS.notInvoice}`,
          custom_fields: [
            { name: PAYMENT_REQUEST_TEXTS.documentField, value: PAYMENT_REQUEST_TEXTS.documentValue },
            { name: PAYMENT_REQUEST_TEXTS.referenceField, value: invoiceNumber },
          ],
          metadata: { invoiceId: String(invoice.id), invoiceNumber },
        },
        { idempotencyKey },
      );
      if (!draft.id) throw new Error('Stripe lieferte keine Rechnungs-ID');
      for (const [index, line] of lines.entries()) {
        await stripe.invoiceItems.create(
          {
            customer,
            invoice: draft.id,
            currency: 'eur',
            amount: line.amountCents,
            description: line.description,
          },
          { idempotencyKey: `${idempotencyKey}-line-${index}` },
        );
      }
      const finalized = await stripe.invoices.finalizeInvoice(
        draft.id,
        {},
        { idempotencyKey: `${idempotencyKey}-finalize` },
      );
      if (!finalized.hosted_invoice_url || !finalized.id)
        throw new Error('Stripe lieferte keine Zahlungsseite');
      return {
        providerInvoiceId: finalized.id,
        providerInvoiceNumber: finalized.number ?? null,
        hostedInvoiceUrl: finalized.hosted_invoice_url,
        ...(client.paymentCustomerId === customer ? {} : { providerCustomerId: customer }),
      };
    },
    async voidInvoice(providerInvoiceId, idempotencyKey) {
      const current = await stripe.invoices.retrieve(providerInvoiceId);
      if (current.status === 'void') return;
      if (current.status === 'draft') {
        await stripe.invoices.del(providerInvoiceId);
        return;
      }
      await stripe.invoices.voidInvoice(providerInvoiceId, {}, { idempotencyKey });
    },
    async customerPortalUrl(client, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: await customerOf(client),
        return_url: returnUrl,
      });
      return session.url;
    },
  };
}

/** Verifies a Stripe webhook on its raw body; throws when the signature does not match. */
export function constructStripeEvent(rawBody: string, signature: string | undefined, secret: string) {
  return Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
}
