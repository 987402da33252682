/**
 * Cancelling an unpaid invoice (provider's invoice voided, reserved stock released, a cancellation
 * invoice for an issued one) and the refund staff owe when a payment still arrives for it.
 */

import { eq } from 'drizzle-orm';
import {
  cancellationReasonProblem,
  cancellationTexts,
  DEFAULT_CANCELLATION_REASON,
} from '../../src/domain/backoffice-invoices';
import { INVOICE_STAGES } from '../../src/domain/invoice-stages';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { invoices, users } from '../db/schema';
import { recordAudit } from './audit';
import { ok, refused } from './errors';
import { invoiceDocumentPdfUrl, issueCancellationInvoice } from './invoice-documents';
import { type InvoiceActor as Actor, hasOpenInvoice, type InvoiceOutcome } from './invoices';
import { enqueueMail } from './mail';
import { invoiceCancelledMail } from './order-mails';
import { orderTexts } from './order-texts';
import type { PaymentProvider } from './payments/provider';
import { releaseReservedStock } from './reservations';
import { releaseSellOrderCasesForInvoice } from './secondary-market-settlement';

/**
 * Staff cancel an unpaid invoice (CHECK_NEEDED, CHECK_DONE, WAITING_FOR_PAYMENT or
 * PAYMENT_FAILED): the provider's invoice is voided first (a refusal there changes nothing), then
 * in one transaction the reserved stock goes back to its tranches, the invoice becomes CANCELLED
 * with the reason (a German default when none is given), the client's order list is unblocked
 * when no other request is open, the audit log records it and the client gets a German mail.
 */
export async function cancelInvoice(
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
  provider: PaymentProvider | undefined,
  actor: Actor,
  input: { invoiceId: number; reason?: string | null },
): Promise<InvoiceOutcome> {
  const problem = cancellationReasonProblem(input.reason);
  if (problem) return refused('INVALID', problem, 'reason', { invoice: null });
  const reason = input.reason?.trim() || DEFAULT_CANCELLATION_REASON;
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for('update');
    if (!invoice) return refused('NOT_FOUND', orderTexts.invoiceUnknown, 'invoiceId', { invoice: null });
    if (invoice.stage === 'CANCELLED') {
      return refused('ALREADY_CANCELLED', cancellationTexts.alreadyCancelled, 'stage', { invoice });
    }
    if (!INVOICE_STAGES[invoice.stage].cancellable) {
      return refused('PAID', cancellationTexts.paid, 'stage', { invoice });
    }
    if (invoice.providerInvoiceId && invoice.paymentProvider) {
      if (!provider || provider.name !== invoice.paymentProvider) {
        return refused('PROVIDER_MISMATCH', cancellationTexts.providerMismatch, 'stage', { invoice });
      }
      try {
        await provider.voidInvoice(invoice.providerInvoiceId, `weindepot-invoice-${invoice.id}-void`);
      } catch {
        return refused('PROVIDER_UNAVAILABLE', cancellationTexts.providerFailed, 'stage', { invoice });
      }
    }
    // Zweitmarkt listings whose cases this invoice held are shown again (before the reservation
    // is cleared: the listing is found through it).
    await releaseSellOrderCasesForInvoice(tx, invoice.id);
    const released = await releaseReservedStock(tx, invoice.id);
    const cancelledAt = new Date();
    const [updated] = await tx
      .update(invoices)
      .set({ stage: 'CANCELLED', cancelledAt, cancellationReason: reason })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!updated) throw new Error('Rechnung verschwunden');
    // An invoice that was issued (has a number) is cancelled by a cancellation invoice of its own.
    const cancellation = await issueCancellationInvoice(tx, updated, cancelledAt);
    const unblocked = !(await hasOpenInvoice(tx, invoice.userId, invoice.id));
    if (unblocked) {
      await tx.update(users).set({ blockedByOrderCheck: false }).where(eq(users.id, invoice.userId));
    }
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'stage:CANCELLED',
      before: { stage: invoice.stage, cancellationReason: null, releasedCases: null },
      after: {
        stage: 'CANCELLED',
        cancellationReason: reason,
        releasedCases: released.reduce((sum, part) => sum + part.cases, 0),
        ...(cancellation ? { cancellationInvoiceNumber: cancellation.number } : {}),
      },
    });
    const [client] = await tx.select().from(users).where(eq(users.id, invoice.userId));
    if (client) {
      await enqueueMail(
        tx,
        invoiceCancelledMail(
          client,
          updated,
          reason,
          `${config.publicUrl}/admin/orderlist`,
          cancellation
            ? {
                number: cancellation.number,
                pdfUrl: invoiceDocumentPdfUrl(config.publicUrl, updated, 'CANCELLATION'),
              }
            : null,
        ),
      );
    }
    return ok({ invoice: updated });
  });
}

/**
 * Staff mark the refund of a payment that arrived after the cancellation as done (the back office
 * flags it until then). Refused when no such payment is open (none, or already marked).
 */
export async function markRefundDone(db: Database, actor: Actor, invoiceId: number): Promise<InvoiceOutcome> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) return refused('NOT_FOUND', orderTexts.invoiceUnknown, 'invoiceId', { invoice: null });
    if (
      invoice.stage !== 'CANCELLED' ||
      invoice.lateProviderEventOutcome !== 'paid' ||
      invoice.refundDoneAt
    ) {
      return refused('NO_REFUND_OPEN', orderTexts.noRefundOpen, 'invoiceId', { invoice });
    }
    const [updated] = await tx
      .update(invoices)
      .set({ refundDoneAt: new Date() })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!updated) throw new Error('Rechnung verschwunden');
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'refund_done',
      before: { refundDoneAt: null },
      after: { refundDoneAt: updated.refundDoneAt?.toISOString() ?? null },
    });
    return ok({ invoice: updated });
  });
}
