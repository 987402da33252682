/**
 * The provider's payment results, once per event: PAID creates the depot positions from the
 * reserved tranches (a Zweitmarkt seller's cases change owner), PAYMENT_FAILED allows a retry, and
 * a result for a cancelled invoice is only recorded and flagged for a refund. The local provider's
 * card payment is recorded the same way.
 */

import { and, asc, eq, sql } from 'drizzle-orm';
import { businessDay } from '../../src/domain/dates';
import { INVOICE_STAGES } from '../../src/domain/invoice-stages';
import type { ServerConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import {
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  partialOffers,
  paymentEvents,
  users,
} from '../db/schema';
import { recordAudit } from './audit';
import { hasOpenInvoice, type InvoiceRow } from './invoices';
import { enqueueMail } from './mail';
import { paymentAfterCancellationMail, paymentReceivedMail, refundTaskMail } from './order-mails';
import { settleSoldCases } from './secondary-market-settlement';

export type PaymentOutcome = 'paid' | 'failed';

/**
 * Applies a payment result reported by the provider's webhook, once per event id. PAID creates
 * the depot positions (status PURCHASED at the payment time) from the reserved tranches, counts
 * the cases as on invoice and releases the order list; a failure allows a retry. An event for a
 * cancelled invoice is recorded (event, invoice, outcome, audit log) and flagged on the invoice
 * for staff (`lateProviderEvent…`), never applied.
 */
export async function recordPaymentResult(
  db: Database,
  config: PaymentConfig,
  event: PaymentEvent,
): Promise<PaymentEventResult> {
  return db.transaction((tx) => recordPaymentEventIn(tx, config, event));
}

type PaymentConfig = Pick<ServerConfig, 'publicUrl' | 'supportEmail'>;
type PaymentEvent = {
  provider: string;
  eventId: string;
  providerInvoiceId: string;
  outcome: PaymentOutcome;
  at: Date;
};

/** `recordPaymentResult` inside a transaction that may already hold the invoice's row lock. */
async function recordPaymentEventIn(
  tx: Transaction,
  config: PaymentConfig,
  event: PaymentEvent,
): Promise<PaymentEventResult> {
  {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.eventId, outcome: event.outcome })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (fresh.length === 0) return 'duplicate';
    const outcome = await applyPaymentEvent(tx, config, event);
    await tx
      .update(paymentEvents)
      .set({ invoiceId: outcome.invoiceId, result: outcome.result })
      .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
    return outcome.result;
  }
}

export type CardPaymentResult =
  | { kind: 'paid' | 'failed' | 'already-paid' | 'not-payable' | 'not-found' }
  | { kind: 'cancelled'; reason: string | null; refunded: boolean };

/**
 * The local provider's card payment on its hosted page (`POST /pay/<id>`): the stage check, the
 * charge and its recording run under the invoice's row lock, the same lock a cancellation takes
 * (`cancelInvoice`). So a payment and a cancellation at the same moment are one after the other:
 * either the invoice is paid (and can no longer be cancelled) or it is cancelled and no card is
 * charged. Recorded like the provider's webhook (a payment event, once per event id).
 */
export async function payLocalInvoice(
  db: Database,
  config: PaymentConfig,
  input: { invoiceId: number; outcome: PaymentOutcome; eventId: string; at: Date },
): Promise<CardPaymentResult> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.paymentProvider, 'local')))
      .for('update');
    if (!invoice?.providerInvoiceId) return { kind: 'not-found' };
    if (INVOICE_STAGES[invoice.stage].paid) return { kind: 'already-paid' };
    if (invoice.stage === 'CANCELLED') {
      return {
        kind: 'cancelled',
        reason: invoice.cancellationReason,
        refunded: invoice.lateProviderEventOutcome === 'paid',
      };
    }
    if (invoice.stage !== 'WAITING_FOR_PAYMENT' && invoice.stage !== 'PAYMENT_FAILED') {
      return { kind: 'not-payable' };
    }
    const result = await recordPaymentEventIn(tx, config, {
      provider: 'local',
      eventId: input.eventId,
      providerInvoiceId: invoice.providerInvoiceId,
      outcome: input.outcome,
      at: input.at,
    });
    if (result !== 'applied') throw new Error(`Zahlung nicht verbucht: ${result}`);
    return { kind: input.outcome };
  });
}

export type PaymentEventResult =
  | 'applied'
  | 'duplicate'
  | 'unknown-invoice'
  | 'ignored'
  | 'after-cancellation';

/** One new event against its invoice (inside `recordPaymentResult`'s transaction). */
async function applyPaymentEvent(
  tx: Transaction,
  config: PaymentConfig,
  event: PaymentEvent,
): Promise<{ result: Exclude<PaymentEventResult, 'duplicate'>; invoiceId: number | null }> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.paymentProvider, event.provider),
        eq(invoices.providerInvoiceId, event.providerInvoiceId),
      ),
    )
    .for('update');
  if (!invoice) return { result: 'unknown-invoice', invoiceId: null };
  if (INVOICE_STAGES[invoice.stage].paid) return { result: 'ignored', invoiceId: invoice.id };
  if (invoice.stage === 'CANCELLED') {
    // Not applied (no depot, stock stays released): staff see it in the back office; a payment
    // that went through despite the voided invoice has to be refunded.
    await tx
      .update(invoices)
      .set({ lateProviderEventAt: event.at, lateProviderEventOutcome: event.outcome })
      .where(eq(invoices.id, invoice.id));
    await recordAudit(tx, {
      actorId: null,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'payment_after_cancellation',
      after: { eventId: event.eventId, outcome: event.outcome },
    });
    // Money arrived for a void invoice: the client is told it comes back, staff get the refund
    // task (mail now; the back office shows it until marked done, `markRefundDone`).
    const [client] = await tx.select().from(users).where(eq(users.id, invoice.userId));
    if (event.outcome === 'paid' && client && invoice.refundDoneAt === null) {
      await enqueueMail(
        tx,
        paymentAfterCancellationMail(client, invoice, `${config.publicUrl}/admin/orderlist`),
      );
      await enqueueMail(
        tx,
        refundTaskMail(
          config.supportEmail,
          client,
          invoice,
          event.provider,
          `${config.publicUrl}/admin/management#orders`,
        ),
      );
    }
    return { result: 'after-cancellation', invoiceId: invoice.id };
  }
  if (event.outcome === 'failed') {
    await tx.update(invoices).set({ stage: 'PAYMENT_FAILED' }).where(eq(invoices.id, invoice.id));
    return { result: 'applied', invoiceId: invoice.id };
  }
  const [updated] = await tx
    .update(invoices)
    .set({
      stage: 'PAID',
      paidAt: event.at,
      invoiceDate: invoice.invoiceDate ?? businessDay(event.at),
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await createDepotPositions(tx, config, invoice, event.at);
  if (!(await hasOpenInvoice(tx, invoice.userId, invoice.id))) {
    await tx.update(users).set({ blockedByOrderCheck: false }).where(eq(users.id, invoice.userId));
  }
  const [client] = await tx.select().from(users).where(eq(users.id, invoice.userId));
  if (client && updated) {
    await enqueueMail(tx, paymentReceivedMail(client, updated, `${config.publicUrl}/admin/depot`));
  }
  return { result: 'applied', invoiceId: invoice.id };
}

/** Case ids in the bonded warehouse: GE-<invoice number digits>-<position>-<case>. */
function storageIdsFor(invoice: InvoiceRow, positionIndex: number, firstCase: number, cases: number): string {
  const base = `GE-${(invoice.invoiceNumber ?? String(invoice.id)).replace('-', '')}-${String(positionIndex + 1).padStart(2, '0')}`;
  return Array.from(
    { length: cases },
    (_, offset) => `${base}-${String(firstCase + offset).padStart(2, '0')}`,
  ).join(', ');
}

async function createDepotPositions(
  tx: Transaction,
  config: Pick<ServerConfig, 'publicUrl'>,
  invoice: InvoiceRow,
  paidAt: Date,
) {
  const positions = await tx
    .select()
    .from(invoicePositions)
    .where(eq(invoicePositions.invoiceId, invoice.id))
    .orderBy(asc(invoicePositions.id));
  for (const [index, position] of positions.entries()) {
    const split = position.reservedTranches?.length
      ? position.reservedTranches
      : [{ partialOfferId: null, cases: position.amount }];
    let firstCase = 1;
    for (const part of split) {
      if (part.partialOfferId !== null) {
        await tx
          .update(partialOffers)
          .set({ quantityOnInvoice: sql`${partialOffers.quantityOnInvoice} + ${part.cases}` })
          .where(eq(partialOffers.id, part.partialOfferId));
      }
      // Zweitmarkt: the seller's cases change owner inside the bonded warehouse.
      const transferred =
        part.partialOfferId === null
          ? null
          : await settleSoldCases(tx, config, {
              partialOfferId: part.partialOfferId,
              cases: part.cases,
              paidAt,
            });
      const [row] = await tx
        .insert(depotPositions)
        .values({
          ownerId: invoice.userId,
          vintageId: position.vintageId,
          offerId: position.offerId,
          partialOfferId: part.partialOfferId,
          invoicePositionId: position.id,
          bottleSizeId: position.bottleSizeId,
          amount: part.cases,
          caskOf: position.caskOf,
          buyPriceBtl: position.buyPriceBtl,
          storageId: transferred
            ? transferred.storageIds
            : storageIdsFor(invoice, index, firstCase, part.cases),
          ...(transferred ? { mrn: transferred.mrn, mrnDate: transferred.mrnDate } : {}),
        })
        .returning({ id: depotPositions.id });
      firstCase += part.cases;
      if (row) {
        await tx.insert(depotPositionStatuses).values([
          { depotPositionId: row.id, status: 'PURCHASED', datetimeStatusUpdate: paidAt },
          // Bought in bond: in the warehouse from the start (ties: the later entry is current).
          ...(transferred
            ? [{ depotPositionId: row.id, status: 'IN_BOND' as const, datetimeStatusUpdate: paidAt }]
            : []),
        ]);
      }
    }
  }
}
