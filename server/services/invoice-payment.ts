/**
 * Finalizing a checked invoice with the payment provider: the provider's invoice with its lines
 * and its hosted payment page.
 */

import { eq } from 'drizzle-orm';
import { billingComplete } from '../../src/domain/billing-data';
import { INVOICE_FEE_LINES } from '../../src/domain/invoice-labels';
import { INVOICE_STAGES, stagesWhere } from '../../src/domain/invoice-stages';
import { decimalToCents } from '../../src/domain/money';
import { lineTotalCents } from '../../src/domain/offer-pricing';
import type { Database } from '../db/client';
import { type invoicePositions, invoices, users } from '../db/schema';
import { type MutationError, ok, refused } from './errors';
import { type InvoiceActor as Actor, type InvoiceRow, invoicePositionsWithTitles, isStaff } from './invoices';
import { orderTexts } from './order-texts';
import type { HostedInvoice, InvoiceLine, PaymentProvider } from './payments/provider';

const payableStages = stagesWhere('payable');

/**
 * Creates the provider's invoice (once) and answers its hosted payment page; the invoice then
 * waits for payment. After a failed payment the same hosted page is offered again. Runs in one
 * transaction holding the invoice's row lock, so concurrent calls (two tabs, two server
 * processes) wait for each other and the second answers the first one's page; the provider also
 * gets an idempotency key per invoice, so a retry after a lost answer bills nothing twice.
 */
export async function finalizeInvoice(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  invoiceId: number,
): Promise<{ success: boolean; errors: MutationError[]; hostedInvoiceUrl: string | null }> {
  const refusal = (code: string, message: string) => refused(code, message, null, { hostedInvoiceUrl: null });
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice || !(invoice.userId === actor.id || isStaff(actor))) {
      return refusal('NOT_FOUND', orderTexts.invoiceUnknown);
    }
    if (INVOICE_STAGES[invoice.stage].paid) return refusal('PAID', orderTexts.alreadyPaid);
    if (!payableStages.includes(invoice.stage)) return refusal('NOT_PAYABLE', orderTexts.notPayable);
    const [client] = await tx.select().from(users).where(eq(users.id, invoice.userId));
    if (!client) return refusal('NOT_FOUND', orderTexts.invoiceUnknown);
    if (!billingComplete(client)) return refusal('BILLING_INCOMPLETE', orderTexts.billingIncomplete);

    let hosted: HostedInvoice | null =
      invoice.paymentProvider === provider.name && invoice.providerInvoiceId && invoice.hostedInvoiceUrl
        ? {
            providerInvoiceId: invoice.providerInvoiceId,
            providerInvoiceNumber: invoice.providerInvoiceNumber,
            hostedInvoiceUrl: invoice.hostedInvoiceUrl,
          }
        : null;
    if (!hosted) {
      const positions = await invoicePositionsWithTitles(tx, invoice.id);
      try {
        hosted = await provider.createHostedInvoice({
          invoice,
          client,
          lines: invoiceLines(invoice, positions),
          idempotencyKey: `weindepot-invoice-${invoice.id}`,
        });
      } catch {
        return refusal('PROVIDER_UNAVAILABLE', orderTexts.providerFailed);
      }
      if (hosted.providerCustomerId) {
        await tx
          .update(users)
          .set({ paymentCustomerId: hosted.providerCustomerId })
          .where(eq(users.id, client.id));
      }
    }
    await tx
      .update(invoices)
      .set({
        stage: 'WAITING_FOR_PAYMENT',
        paymentProvider: provider.name,
        providerInvoiceId: hosted.providerInvoiceId,
        providerInvoiceNumber: hosted.providerInvoiceNumber,
        hostedInvoiceUrl: hosted.hostedInvoiceUrl,
      })
      .where(eq(invoices.id, invoice.id));
    return ok({ hostedInvoiceUrl: hosted.hostedInvoiceUrl });
  });
}

/** The lines a provider bills: one per position (cases × bottles × price) and one per fee. */
export function invoiceLines(
  invoice: InvoiceRow,
  positions: { position: typeof invoicePositions.$inferSelect; title: string }[],
): InvoiceLine[] {
  const lines: InvoiceLine[] = positions.map(({ position, title }) => ({
    description: `${title} – ${position.amount} × ${position.caskOf} Flaschen`,
    amountCents: lineTotalCents(position.amount, position.caskOf, position.buyPriceBtl),
  }));
  for (const { key, label } of INVOICE_FEE_LINES) {
    const cents = decimalToCents(invoice[key]);
    if (cents > 0) lines.push({ description: label, amountCents: cents });
  }
  return lines;
}
