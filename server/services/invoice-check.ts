/**
 * The staff availability check of an invoice after the binding order: the cases are reserved on
 * the purchase tranches, the invoice gets its number and date, and the client is mailed that they
 * can pay. A cancellation asked for through the same change goes to `cancelInvoice`.
 */

import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import {
  cancellationTexts,
  invoiceCheckTexts,
  invoiceNumberGapProblem,
  invoiceNumberProblem,
} from '../../src/domain/backoffice-invoices';
import { businessDay } from '../../src/domain/dates';
import { availableCases } from '../../src/domain/offer-pricing';
import { parseInvoiceNumber } from '../../src/domain/order-costs';
import type { ServerConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { invoicePositions, invoices, partialOffers, users } from '../db/schema';
import { recordAudit } from './audit';
import { type MutationError, ok, refused, refusedAll } from './errors';
import { cancelInvoice } from './invoice-cancellation';
import { invoiceNumberTaken, lockInvoiceNumbers, nextNumberOfYear } from './invoice-documents';
import {
  type InvoiceActor as Actor,
  type InvoiceOutcome,
  type InvoiceStage,
  invoicePositionsWithTitles,
} from './invoices';
import { enqueueMail } from './mail';
import { checkDoneMail } from './order-mails';
import { orderTexts } from './order-texts';
import type { PaymentProvider } from './payments/provider';
import { enqueuePushToUser, pushTexts } from './push';

/**
 * Reserves the invoice's cases on the offer's purchase tranches (oldest tranche first) and
 * records the split on each invoice position. Refuses when a wine no longer has enough cases.
 */
async function reserveStock(
  tx: Transaction,
  invoiceId: number,
  buyerId: number,
): Promise<MutationError | null> {
  const positions = await invoicePositionsWithTitles(tx, invoiceId);
  for (const { position, title } of positions) {
    const tranches = await tx
      .select()
      .from(partialOffers)
      // A Zweitmarkt seller's own cases are never reserved for the seller.
      .where(
        and(
          eq(partialOffers.offerId, position.offerId),
          or(isNull(partialOffers.sellerUserId), ne(partialOffers.sellerUserId, buyerId)),
        ),
      )
      .orderBy(asc(partialOffers.id))
      .for('update');
    const available = availableCases(tranches);
    if (available < position.amount) {
      return { code: 'NOT_ENOUGH_STOCK', message: orderTexts.notEnoughStock(title, available), field: null };
    }
    let remaining = position.amount;
    const reserved: { partialOfferId: number; cases: number }[] = [];
    for (const tranche of tranches) {
      if (remaining === 0) break;
      const cases = Math.min(remaining, Math.max(0, tranche.quantityAvailable));
      if (cases === 0) continue;
      await tx
        .update(partialOffers)
        .set({ quantityAvailable: tranche.quantityAvailable - cases })
        .where(eq(partialOffers.id, tranche.id));
      reserved.push({ partialOfferId: tranche.id, cases });
      remaining -= cases;
    }
    await tx
      .update(invoicePositions)
      .set({ reservedTranches: reserved })
      .where(eq(invoicePositions.id, position.id));
  }
  return null;
}

/**
 * The next free `YYYY-NNNN` of the year, derived from the database inside the transaction (the
 * series is shared with cancellation and final invoices, `invoice-documents.ts`).
 */
async function allocateInvoiceNumber(tx: Transaction, year: number): Promise<string> {
  // One allocation at a time across server processes (released at commit).
  await lockInvoiceNumbers(tx);
  return nextNumberOfYear(tx, year);
}

/** Today in Germany: an invoice written at 00:30 in Munich is dated that day, not UTC's day before. */
const today = () => businessDay();

/**
 * Staff change of an invoice. CHECK_NEEDED → CHECK_DONE reserves the stock, gives the invoice
 * its number (the one entered or the next free one) and date, and mails the client that they
 * can pay. Date and number can also be corrected before payment. Other stage changes are refused.
 */
export async function changeInvoice(
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
  actor: Actor,
  input: {
    invoiceId: number;
    stage?: InvoiceStage | null;
    date?: string | null;
    invoiceNumber?: string | null;
    reason?: string | null;
  },
  provider?: PaymentProvider,
): Promise<InvoiceOutcome> {
  if (input.stage === 'CANCELLED') {
    if (input.date || input.invoiceNumber?.trim()) {
      return refused('INVALID', cancellationTexts.nothingElseWithCancellation, 'stage', { invoice: null });
    }
    return cancelInvoice(db, config, provider, actor, { invoiceId: input.invoiceId, reason: input.reason });
  }
  if (input.reason?.trim())
    return refused('INVALID', cancellationTexts.reasonWithoutCancellation, 'reason', { invoice: null });
  const wantedNumber = input.invoiceNumber?.trim() || null;
  if (wantedNumber && invoiceNumberProblem(wantedNumber)) {
    return refused('INVALID', orderTexts.invoiceNumberInvalid, 'invoiceNumber', { invoice: null });
  }
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for('update');
    if (!invoice) return refused('NOT_FOUND', orderTexts.invoiceUnknown, 'invoiceId', { invoice: null });
    const stageChange = input.stage && input.stage !== invoice.stage ? input.stage : null;
    if (stageChange && !(invoice.stage === 'CHECK_NEEDED' && stageChange === 'CHECK_DONE')) {
      return refused('INVALID_STAGE', orderTexts.stageChangeRefused, 'stage', { invoice });
    }
    if (!stageChange && !['CHECK_NEEDED', 'CHECK_DONE'].includes(invoice.stage)) {
      return refused('INVALID_STAGE', orderTexts.stageChangeRefused, 'stage', { invoice });
    }
    const invoiceDate = input.date ?? invoice.invoiceDate ?? (stageChange ? today() : null);
    let invoiceNumber = wantedNumber ?? invoice.invoiceNumber;
    if (wantedNumber && wantedNumber !== invoice.invoiceNumber) {
      await lockInvoiceNumbers(tx);
      if (await invoiceNumberTaken(tx, wantedNumber)) {
        return refused('TAKEN', orderTexts.invoiceNumberTaken, 'invoiceNumber', { invoice });
      }
      const year = parseInvoiceNumber(wantedNumber)?.year ?? Number(wantedNumber.slice(0, 4));
      const gap = invoiceNumberGapProblem({
        wanted: wantedNumber,
        current: invoice.invoiceNumber,
        next: await nextNumberOfYear(tx, year),
      });
      if (gap) return refused('NUMBER_GAP', gap, 'invoiceNumber', { invoice });
    }
    if (invoiceNumber && invoiceDate && invoiceDate.slice(0, 4) !== invoiceNumber.slice(0, 4)) {
      const year = Number(invoiceNumber.slice(0, 4));
      return refused('INVALID', invoiceCheckTexts.invoiceDateOtherYear(year), 'date', { invoice });
    }
    if (stageChange) {
      const problem = await reserveStock(tx, invoice.id, invoice.userId);
      if (problem) return refusedAll([problem], { invoice });
      invoiceNumber ??= await allocateInvoiceNumber(tx, Number((invoiceDate ?? today()).slice(0, 4)));
    }
    const [updated] = await tx
      .update(invoices)
      .set({ stage: stageChange ?? invoice.stage, invoiceDate, invoiceNumber })
      .where(eq(invoices.id, invoice.id))
      .returning();
    if (!updated) throw new Error('Rechnung verschwunden');
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'invoice',
      entityId: invoice.id,
      action: stageChange ? `stage:${stageChange}` : 'update',
      before: {
        stage: invoice.stage,
        invoiceDate: invoice.invoiceDate,
        invoiceNumber: invoice.invoiceNumber,
      },
      after: { stage: updated.stage, invoiceDate: updated.invoiceDate, invoiceNumber: updated.invoiceNumber },
    });
    if (stageChange) {
      const [client] = await tx.select().from(users).where(eq(users.id, invoice.userId));
      if (client) {
        await enqueueMail(tx, checkDoneMail(client, updated, `${config.publicUrl}/admin/orderlist`));
        await enqueuePushToUser(tx, client.id, pushTexts.checkDone);
      }
    }
    return ok({ invoice: updated });
  });
}
