/**
 * Invoices after the binding order: the staff availability check (stock reserved on the purchase
 * tranches, invoice number, mail), finalizing with the payment provider, and the provider's
 * payment results (PAID → depot positions, PAYMENT_FAILED → retry).
 */

import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  CANCELLABLE_STAGES,
  cancellationReasonProblem,
  cancellationTexts,
  DEFAULT_CANCELLATION_REASON,
  invoiceCheckTexts,
  invoiceNumberGapProblem,
  invoiceNumberProblem,
} from '../../src/domain/backoffice-invoices';
import { billingComplete } from '../../src/domain/billing-data';
import { businessDay } from '../../src/domain/dates';
import { INVOICE_FEE_LINES } from '../../src/domain/invoice-labels';
import { decimalToCents } from '../../src/domain/money';
import { availableCases, lineTotalCents } from '../../src/domain/offer-pricing';
import { parseInvoiceNumber } from '../../src/domain/order-costs';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import {
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoiceStage,
  invoices,
  partialOffers,
  paymentEvents,
  users,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { recordAudit } from './audit';
import { type MutationError, ok, refused, refusedAll } from './errors';
import {
  invoiceDocumentPdfUrl,
  invoiceNumberTaken,
  issueCancellationInvoice,
  lockInvoiceNumbers,
  nextNumberOfYear,
} from './invoice-documents';
import { enqueueMail } from './mail';
import {
  checkDoneMail,
  invoiceCancelledMail,
  paymentAfterCancellationMail,
  paymentReceivedMail,
  refundTaskMail,
} from './order-mails';
import { orderTexts } from './order-texts';
import type { HostedInvoice, InvoiceLine, PaymentProvider } from './payments/provider';
import { enqueuePushToUser, pushTexts } from './push';
import { releaseReservedStock } from './reservations';
import { releaseSellOrderCasesForInvoice, settleSoldCases } from './secondary-market';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;
export type InvoiceRow = typeof invoices.$inferSelect;
type InvoiceStage = InvoiceRow['stage'];
type Actor = Pick<typeof users.$inferSelect, 'id' | 'isStaff' | 'isSuperuser'>;

const isStaff = (actor: Actor) => actor.isStaff || actor.isSuperuser;

/** An invoice's positions in their order, each with its wine's label ("Title Year"). */
export function invoicePositionsWithTitles(executor: Executor, invoiceId: number) {
  return executor
    .select({ position: invoicePositions, title: vintageLabelSql })
    .from(invoicePositions)
    .innerJoin(vintages, eq(vintages.id, invoicePositions.vintageId))
    .where(eq(invoicePositions.invoiceId, invoiceId))
    .orderBy(asc(invoicePositions.id));
}

export type InvoiceOutcome =
  | { success: true; errors: []; invoice: InvoiceRow }
  | { success: false; errors: MutationError[]; invoice: InvoiceRow | null };

/** Stages of the order list's groups; check_done also covers an invoice being paid right now. */
export const stageGroups: Record<string, InvoiceStage[]> = {
  check_needed: ['CHECK_NEEDED'],
  check_done: ['CHECK_DONE'],
  waiting_for_payment: ['WAITING_FOR_PAYMENT'],
  payment_failed: ['PAYMENT_FAILED'],
  paid: ['PAID', 'PURCHASED'],
  cancelled: ['CANCELLED'],
};

/** 'paid', a group name or a stage in any case → stages; null = every stage; [] = unknown. */
export function stagesFor(stage: string | null | undefined): InvoiceStage[] | null {
  if (!stage) return null;
  const key = stage.trim();
  const group = stageGroups[key.toLowerCase()];
  if (group) return group;
  const upper = key.toUpperCase();
  return invoiceStage.enumValues.filter((candidate) => candidate === upper);
}

/** How long the order list shows a cancelled request (with its reason). */
export const CANCELLED_SHOWN_DAYS = 30;

/** A client's own invoices, or everyone's for staff; newest first. */
export function listInvoices(db: Database, actor: Actor, stage: string | null | undefined) {
  const stages = stagesFor(stage);
  if (stages && stages.length === 0) return Promise.resolve([]);
  const conditions = [
    ...(!isStaff(actor) ? [eq(invoices.userId, actor.id)] : []),
    ...(stages ? [inArray(invoices.stage, stages)] : []),
  ];
  return db
    .select()
    .from(invoices)
    .where(and(...conditions))
    .orderBy(...newestInvoiceFirst);
}

const newestInvoiceFirst = [desc(invoices.invoiceDate), desc(invoices.createdAt), desc(invoices.id)];

/**
 * The order list's invoices: the client's own (staff too), every stage, without cancellations
 * older than `CANCELLED_SHOWN_DAYS`; newest first. Read on every visit, so prepared once
 * (db/prepared.ts).
 */
export function listOrderListInvoices(db: Database, userId: number): Promise<InvoiceRow[]> {
  return orderListInvoicesStatement(db).execute({ userId });
}

const orderListInvoicesStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, sql.placeholder('userId')),
        sql`(${invoices.stage} <> 'CANCELLED' or ${invoices.cancelledAt} > now() - make_interval(days => ${sql.raw(String(CANCELLED_SHOWN_DAYS))}))`,
      ),
    )
    .orderBy(...newestInvoiceFirst)
    .prepare('order_list_invoices'),
);

/** The invoice if the actor may see it (own, or staff); null otherwise. */
export async function findInvoice(db: Database, actor: Actor, invoiceId: number): Promise<InvoiceRow | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  return invoice.userId === actor.id || isStaff(actor) ? invoice : null;
}

/**
 * The client's newest paid invoice whose thank-you ("Vielen Dank für Ihre Zahlung!") has not been
 * seen yet, on any device.
 */
export async function unseenPaymentThanks(db: Database, actor: Actor): Promise<InvoiceRow | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, actor.id),
        inArray(invoices.stage, ['PAID', 'PURCHASED']),
        isNull(invoices.paymentThanksSeenAt),
      ),
    )
    .orderBy(desc(invoices.paidAt), desc(invoices.id))
    .limit(1);
  return invoice ?? null;
}

/** Remembers that the client has seen the thank-you of their paid invoice; false when not theirs or unpaid. */
export async function markPaymentThanksSeen(db: Database, actor: Actor, invoiceId: number): Promise<boolean> {
  const updated = await db
    .update(invoices)
    .set({ paymentThanksSeenAt: sql`coalesce(${invoices.paymentThanksSeenAt}, now())` })
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.userId, actor.id),
        inArray(invoices.stage, ['PAID', 'PURCHASED']),
      ),
    )
    .returning({ id: invoices.id });
  return updated.length > 0;
}

export async function findInvoiceByToken(db: Database, token: string): Promise<InvoiceRow | null> {
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) return null;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.invoicePdfViewPermissionToken, token));
  return invoice ?? null;
}

export function invoicePositionRows(db: Database, invoiceId: number) {
  return db
    .select()
    .from(invoicePositions)
    .where(eq(invoicePositions.invoiceId, invoiceId))
    .orderBy(asc(invoicePositions.id));
}

/** Stages that still block the client's order list (open requests). */
const openStages: InvoiceStage[] = ['CHECK_NEEDED', 'CHECK_DONE', 'WAITING_FOR_PAYMENT', 'PAYMENT_FAILED'];

/** Whether the client still has an invoice being checked or waiting for payment. */
async function hasOpenInvoice(tx: Transaction, userId: number, except: number): Promise<boolean> {
  const open = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), ne(invoices.id, except), inArray(invoices.stage, openStages)));
  return open.length > 0;
}

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
    if (!(CANCELLABLE_STAGES as readonly string[]).includes(invoice.stage)) {
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

const payableStages: InvoiceStage[] = ['CHECK_DONE', 'WAITING_FOR_PAYMENT', 'PAYMENT_FAILED'];

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
    if (invoice.stage === 'PAID' || invoice.stage === 'PURCHASED')
      return refusal('PAID', orderTexts.alreadyPaid);
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
    if (invoice.stage === 'PAID' || invoice.stage === 'PURCHASED') return { kind: 'already-paid' };
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
  if (invoice.stage === 'PAID' || invoice.stage === 'PURCHASED')
    return { result: 'ignored', invoiceId: invoice.id };
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
