/**
 * Back office, tab "Bestellungen und Rechnungen": staff correct the positions of an invoice while it is
 * being checked (CHECK_NEEDED) — amount and price per bottle, or remove a position. Each change
 * recomputes the invoice's sums with the order list's cost summary (so the client pays the
 * corrected total) and is written to the audit log in the same transaction.
 */
import { asc, eq } from 'drizzle-orm';
import { invoiceCheckTexts, invoicePositionChangeProblems } from '../../src/domain/backoffice-invoices';
import {
  costSummary,
  type FeeSchedule,
  invoiceSumColumns,
  invoiceSumFields,
} from '../../src/domain/order-costs';
import type { Database, Transaction } from '../db/client';
import { invoicePositions, invoices, vintages } from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { recordAudit } from './audit';
import { invalidFields, type MutationError, ok, refused, refusedAll } from './errors';

type InvoiceRow = typeof invoices.$inferSelect;
type InvoicePositionRow = typeof invoicePositions.$inferSelect;

export type InvoicePositionOutcome =
  | { success: true; errors: []; invoicePosition: InvoicePositionRow | null; invoice: InvoiceRow }
  | { success: false; errors: MutationError[]; invoicePosition: null; invoice: InvoiceRow | null };

/** The sums an invoice keeps (as in `createInvoice`), from its current positions. */
const sumFields = invoiceSumFields;

const sumsOf = (invoice: InvoiceRow) =>
  Object.fromEntries(sumFields.map((field) => [field, invoice[field]])) as Record<
    (typeof sumFields)[number],
    string
  >;

const positionSnapshot = (position: InvoicePositionRow) => ({
  invoiceId: position.invoiceId,
  offerId: position.offerId,
  vintageId: position.vintageId,
  amount: position.amount,
  caskOf: position.caskOf,
  buyPriceBtl: position.buyPriceBtl,
  conditionReport: position.conditionReport,
});

/** What the invoice's own log says about the changed position ("position" before → after). */
interface PositionChange {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The wine of a position as the back office names it ("Ornellaia 2019"). */
async function wineOf(tx: Transaction, position: InvoicePositionRow): Promise<string | null> {
  const [vintage] = await tx
    .select({ label: vintageLabelSql })
    .from(vintages)
    .where(eq(vintages.id, position.vintageId));
  return vintage?.label ?? null;
}

/**
 * Recomputes and stores the invoice's sums; writes the change of the sums together with the
 * changed position (wine, cases, price before and after) to the invoice's log, so the invoice's
 * history also tells what a deleted position was.
 */
async function recomputeSums(
  tx: Transaction,
  invoice: InvoiceRow,
  fees: FeeSchedule,
  actorId: number,
  action: string,
  position: PositionChange,
): Promise<InvoiceRow> {
  const positions = await tx
    .select()
    .from(invoicePositions)
    .where(eq(invoicePositions.invoiceId, invoice.id))
    .orderBy(asc(invoicePositions.id));
  const sums = costSummary(
    positions.map((position) => ({
      amount: position.amount,
      caskOf: position.caskOf,
      priceBtl: position.buyPriceBtl,
      conditionReport: position.conditionReport,
    })),
    fees,
  );
  const [updated] = await tx
    .update(invoices)
    .set(invoiceSumColumns(sums))
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!updated) throw new Error('Rechnung verschwunden');
  await recordAudit(tx, {
    actorId,
    entity: 'invoice',
    entityId: invoice.id,
    action,
    before: { position: position.before, ...sumsOf(invoice) },
    after: { position: position.after, ...sumsOf(updated) },
  });
  return updated;
}

/**
 * Loads the position and locks its invoice; refuses when either is unknown or the invoice is no
 * longer being checked (the stock is reserved at CHECK_DONE, so later changes would not match it).
 */
async function positionInCheck(
  tx: Transaction,
  invoicePositionId: number,
): Promise<{ position: InvoicePositionRow; invoice: InvoiceRow } | InvoicePositionOutcome> {
  const [found] = await tx
    .select({ invoiceId: invoicePositions.invoiceId })
    .from(invoicePositions)
    .where(eq(invoicePositions.id, invoicePositionId));
  if (!found)
    return refused('NOT_FOUND', invoiceCheckTexts.positionUnknown, 'invoicePositionId', {
      invoicePosition: null,
      invoice: null,
    });
  // The invoice row first (as `changeInvoice` does), so a concurrent check waits for this change.
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.invoiceId)).for('update');
  const [position] = await tx
    .select()
    .from(invoicePositions)
    .where(eq(invoicePositions.id, invoicePositionId))
    .for('update');
  if (!invoice || !position) {
    return refused('NOT_FOUND', invoiceCheckTexts.positionUnknown, 'invoicePositionId', {
      invoicePosition: null,
      invoice: null,
    });
  }
  if (invoice.stage !== 'CHECK_NEEDED') {
    return refused('INVALID_STAGE', invoiceCheckTexts.notInCheck, 'invoicePositionId', {
      invoicePosition: null,
      invoice,
    });
  }
  return { position, invoice };
}

/** Amount (cases) and/or price per bottle of a position of an invoice in CHECK_NEEDED. */
export async function changeInvoicePosition(
  db: Database,
  fees: FeeSchedule,
  actorId: number,
  input: { invoicePositionId: number; amount?: string | null; buyPriceBtl?: string | null },
): Promise<InvoicePositionOutcome> {
  const amount = input.amount?.trim() || null;
  const buyPriceBtl = input.buyPriceBtl?.trim() || null;
  if (amount === null && buyPriceBtl === null) {
    return refused('INVALID', invoiceCheckTexts.nothingToChange, null, {
      invoicePosition: null,
      invoice: null,
    });
  }
  const problems = invoicePositionChangeProblems({ amount, buyPriceBtl });
  if (problems.length > 0) {
    return refusedAll(invalidFields(problems), { invoicePosition: null, invoice: null });
  }
  return db.transaction(async (tx) => {
    const found = await positionInCheck(tx, input.invoicePositionId);
    if ('success' in found) return found;
    const { position, invoice } = found;
    const [updated] = await tx
      .update(invoicePositions)
      .set({
        ...(amount !== null ? { amount: Number(amount) } : {}),
        ...(buyPriceBtl !== null ? { buyPriceBtl } : {}),
      })
      .where(eq(invoicePositions.id, position.id))
      .returning();
    if (!updated) throw new Error('Rechnungsposition verschwunden');
    await recordAudit(tx, {
      actorId,
      entity: 'invoice_position',
      entityId: position.id,
      action: 'update',
      before: { amount: position.amount, buyPriceBtl: position.buyPriceBtl },
      after: { amount: updated.amount, buyPriceBtl: updated.buyPriceBtl },
    });
    const wine = await wineOf(tx, position);
    const recomputed = await recomputeSums(tx, invoice, fees, actorId, `position:update:${position.id}`, {
      before: { id: position.id, wine, amount: position.amount, buyPriceBtl: position.buyPriceBtl },
      after: { id: updated.id, wine, amount: updated.amount, buyPriceBtl: updated.buyPriceBtl },
    });
    return ok({ invoicePosition: updated, invoice: recomputed });
  });
}

/**
 * Removes a position of an invoice in CHECK_NEEDED. The last position stays: an invoice without
 * wines cannot be paid, and the client's order would silently become nothing.
 */
export async function deleteInvoicePosition(
  db: Database,
  fees: FeeSchedule,
  actorId: number,
  invoicePositionId: number,
): Promise<InvoicePositionOutcome> {
  return db.transaction(async (tx) => {
    const found = await positionInCheck(tx, invoicePositionId);
    if ('success' in found) return found;
    const { position, invoice } = found;
    const siblings = await tx
      .select({ id: invoicePositions.id })
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoice.id));
    if (siblings.length <= 1) {
      return refused('LAST_POSITION', invoiceCheckTexts.lastPosition, 'invoicePositionId', {
        invoicePosition: null,
        invoice,
      });
    }
    await tx.delete(invoicePositions).where(eq(invoicePositions.id, position.id));
    await recordAudit(tx, {
      actorId,
      entity: 'invoice_position',
      entityId: position.id,
      action: 'delete',
      before: positionSnapshot(position),
      after: null,
    });
    const recomputed = await recomputeSums(tx, invoice, fees, actorId, `position:delete:${position.id}`, {
      before: {
        id: position.id,
        wine: await wineOf(tx, position),
        amount: position.amount,
        buyPriceBtl: position.buyPriceBtl,
      },
      after: null,
    });
    return ok({ invoicePosition: null, invoice: recomputed });
  });
}
