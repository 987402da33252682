/**
 * What an invoice says to the tax office, and the documents issued about it afterwards: the
 * invoice's billed lines with their day of supply and tax category (`src/domain/invoice-lines.ts`,
 * `src/domain/tax.ts`), the one gapless number series (`YYYY-NNNN`) shared by invoices,
 * cancellation invoices and final invoices, the cancellation invoice of a numbered invoice staff
 * cancel, and the final invoice of en-primeur wine paid in advance once its cases are booked into
 * the warehouse.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { businessDay } from '../../src/domain/dates';
import { INVOICE_FEE_LINES } from '../../src/domain/invoice-labels';
import {
  type BilledLine,
  billedLines,
  type FeeFacts,
  isAdvancePosition,
  type WinePositionFacts,
} from '../../src/domain/invoice-lines';
import { INVOICE_STAGES } from '../../src/domain/invoice-stages';
import { decimalToCents } from '../../src/domain/money';
import { nextInvoiceNumber } from '../../src/domain/order-costs';
import type { Executor, Transaction } from '../db/client';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  invoiceDocuments,
  invoicePositions,
  invoices,
  users,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { resaleOriginsByOffer } from './resale-origins';

type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;
export type InvoiceDocumentKind = InvoiceDocumentRow['kind'];

/** The file name of each later document under its invoice's PDF address. */
export const INVOICE_DOCUMENT_FILES: Record<InvoiceDocumentKind, string> = {
  CANCELLATION: 'stornorechnung',
  FINAL: 'schlussrechnung',
};

/** `/invoices/<token>/stornorechnung.pdf`: the invoice's permission token opens its later documents too. */
export const invoiceDocumentPdfUrl = (
  publicUrl: string,
  invoice: Pick<InvoiceRow, 'invoicePdfViewPermissionToken'>,
  kind: InvoiceDocumentKind,
) => `${publicUrl}/invoices/${invoice.invoicePdfViewPermissionToken}/${INVOICE_DOCUMENT_FILES[kind]}.pdf`;

/** Every number of the series given so far in `year`: invoices' and their later documents'. */
async function numbersOfYear(tx: Executor, year: number): Promise<string[]> {
  const pattern = `${year}-%`;
  const own = await tx
    .select({ number: invoices.invoiceNumber })
    .from(invoices)
    .where(sql`${invoices.invoiceNumber} like ${pattern}`);
  const later = await tx
    .select({ number: invoiceDocuments.number })
    .from(invoiceDocuments)
    .where(sql`${invoiceDocuments.number} like ${pattern}`);
  return [...own, ...later].flatMap((row) => (row.number ? [row.number] : []));
}

/** Holds the series for this transaction: one number is given at a time across server processes. */
export const lockInvoiceNumbers = (tx: Transaction) => tx.execute(sql`select pg_advisory_xact_lock(4004001)`);

/** The next number of the year's series, after the highest one given (call under `lockInvoiceNumbers`). */
export async function nextNumberOfYear(tx: Transaction, year: number): Promise<string> {
  return nextInvoiceNumber(year, await numbersOfYear(tx, year));
}

/** Whether any invoice or later document already carries `number`. */
export async function invoiceNumberTaken(tx: Executor, number: string): Promise<boolean> {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.invoiceNumber, number));
  const [document] = await tx
    .select({ id: invoiceDocuments.id })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.number, number));
  return Boolean(invoice || document);
}

/** The invoice's wines with what the tax rules need to know of them, in invoice order. */
export async function winePositionsOf(
  db: Executor,
  invoiceId: number,
): Promise<
  (WinePositionFacts & { invoicePositionId: number; offerId: number; conditionReportCases: number })[]
> {
  const rows = await db
    .select({
      position: invoicePositions,
      title: vintageLabelSql,
      bottleSize: bottleSizes.title,
      enPrimeurDeliveryDate: vintages.enPrimeurDeliveryDate,
    })
    .from(invoicePositions)
    .innerJoin(vintages, eq(vintages.id, invoicePositions.vintageId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, invoicePositions.bottleSizeId))
    .where(eq(invoicePositions.invoiceId, invoiceId))
    .orderBy(asc(invoicePositions.id));
  const ids = rows.map((row) => row.position.id);
  // The day each position's cases were booked into the depot: its depot positions' first PURCHASED entry.
  const booked = ids.length
    ? await db
        .select({
          invoicePositionId: depotPositions.invoicePositionId,
          at: sql<Date | string>`min(${depotPositionStatuses.datetimeStatusUpdate})`,
        })
        .from(depotPositions)
        .innerJoin(depotPositionStatuses, eq(depotPositionStatuses.depotPositionId, depotPositions.id))
        .where(
          and(inArray(depotPositions.invoicePositionId, ids), eq(depotPositionStatuses.status, 'PURCHASED')),
        )
        .groupBy(depotPositions.invoicePositionId)
    : [];
  const bookedOn = new Map(booked.map((row) => [row.invoicePositionId, businessDay(new Date(row.at))]));
  const resales = await resaleOriginsByOffer(
    db,
    rows.map((row) => row.position.offerId),
  );
  return rows.map(({ position, title, bottleSize, enPrimeurDeliveryDate }) => ({
    invoicePositionId: position.id,
    offerId: position.offerId,
    title,
    bottleSize,
    cases: position.amount,
    bottlesPerCase: position.caskOf,
    priceBtl: position.buyPriceBtl,
    conditionReportCases: position.conditionReport ? position.amount : 0,
    enPrimeurDeliveryDate,
    bookedOn: bookedOn.get(position.id) ?? null,
    resale: resales.has(position.offerId),
  }));
}

const FEE_KINDS: Record<(typeof INVOICE_FEE_LINES)[number]['key'], FeeFacts['kind']> = {
  logisticsSum: 'LOGISTICS',
  conditionReportSum: 'CONDITION_REPORT',
  upfrontStorageSum: 'UPFRONT_STORAGE',
  managementFeeMonthly: 'MANAGEMENT_FEE',
};

/** The day the invoice is dated (its date once numbered; today before). */
export const invoiceDay = (invoice: Pick<InvoiceRow, 'invoiceDate'>) => invoice.invoiceDate ?? businessDay();

/** The invoice's billed lines (wines, then fees) and the facts they came from. */
export async function invoiceLinesOf(db: Executor, invoice: InvoiceRow) {
  const wines = await winePositionsOf(db, invoice.id);
  const cases = wines.reduce((sum, wine) => sum + wine.cases, 0);
  const flagged = wines.reduce((sum, wine) => sum + wine.conditionReportCases, 0);
  const fees: FeeFacts[] = INVOICE_FEE_LINES.map(({ key, label }) => ({
    kind: FEE_KINDS[key],
    label,
    grossCents: decimalToCents(invoice[key]),
    cases: key === 'conditionReportSum' ? flagged : cases,
  }));
  const lines = billedLines({
    invoiceDate: invoiceDay(invoice),
    paidOn: invoice.paidAt ? businessDay(invoice.paidAt) : null,
    wines,
    fees,
  });
  return { wines, lines };
}

/** Whether every wine of the invoice is paid before its delivery (an advance-payment invoice). */
export const isAdvanceInvoice = (lines: readonly BilledLine[]) => {
  const wines = lines.filter((line) => line.kind === 'WINE');
  return wines.length > 0 && wines.every((line) => line.supply.kind === 'ADVANCE');
};

export async function invoiceClient(db: Executor, invoice: Pick<InvoiceRow, 'userId'>) {
  const [client] = await db.select().from(users).where(eq(users.id, invoice.userId));
  return client ?? null;
}

/** The documents issued about these invoices, by invoice id and kind. */
export async function documentsOf(db: Executor, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceDocuments)
    .where(inArray(invoiceDocuments.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceDocuments.id));
}

export async function documentOf(
  db: Executor,
  invoiceId: number,
  kind: InvoiceDocumentKind,
): Promise<InvoiceDocumentRow | null> {
  const [row] = await db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.invoiceId, invoiceId), eq(invoiceDocuments.kind, kind)));
  return row ?? null;
}

/**
 * The cancellation invoice of a numbered invoice, with the next number of the series and today's
 * date (inside the cancellation's transaction). An invoice without a number was never issued: it
 * needs none, and null is answered.
 */
export async function issueCancellationInvoice(
  tx: Transaction,
  invoice: InvoiceRow,
  now: Date,
): Promise<InvoiceDocumentRow | null> {
  if (!invoice.invoiceNumber) return null;
  const existing = await documentOf(tx, invoice.id, 'CANCELLATION');
  if (existing) return existing;
  await lockInvoiceNumbers(tx);
  const issuedOn = businessDay(now);
  const number = await nextNumberOfYear(tx, Number(issuedOn.slice(0, 4)));
  const [row] = await tx
    .insert(invoiceDocuments)
    .values({ invoiceId: invoice.id, kind: 'CANCELLATION', number, issuedOn })
    .returning();
  if (!row) throw new Error('Stornorechnung wurde nicht angelegt');
  return row;
}

/**
 * Final invoices of en-primeur wine invoiced in advance: once every advance-paid case of a paid
 * invoice is booked into the warehouse (IN_BOND), the invoice gets its final invoice, numbered
 * from the series and dated `at`, its day of supply the latest of those bookings. Called when
 * depot positions enter the warehouse; an invoice with cases still on their way gets none yet.
 */
export async function issueFinalInvoicesFor(
  tx: Transaction,
  depotPositionIds: readonly number[],
  at: Date,
): Promise<InvoiceDocumentRow[]> {
  if (depotPositionIds.length === 0) return [];
  const sources = await tx
    .selectDistinct({ invoiceId: invoicePositions.invoiceId })
    .from(depotPositions)
    .innerJoin(invoicePositions, eq(invoicePositions.id, depotPositions.invoicePositionId))
    .where(inArray(depotPositions.id, [...depotPositionIds]));
  const issued: InvoiceDocumentRow[] = [];
  for (const { invoiceId } of sources) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice?.invoiceNumber || !INVOICE_STAGES[invoice.stage].paid) continue;
    if (await documentOf(tx, invoice.id, 'FINAL')) continue;
    const wines = await winePositionsOf(tx, invoice.id);
    const advance = wines.filter((wine) => isAdvancePosition(wine, invoiceDay(invoice)));
    if (advance.length === 0) continue;
    const bookings = await tx
      .select({
        depotPositionId: depotPositions.id,
        inBondAt: sql<Date | string | null>`min(${depotPositionStatuses.datetimeStatusUpdate})`,
      })
      .from(depotPositions)
      .leftJoin(
        depotPositionStatuses,
        and(
          eq(depotPositionStatuses.depotPositionId, depotPositions.id),
          eq(depotPositionStatuses.status, 'IN_BOND'),
        ),
      )
      .where(
        inArray(
          depotPositions.invoicePositionId,
          advance.map((wine) => wine.invoicePositionId),
        ),
      )
      .groupBy(depotPositions.id);
    if (bookings.length === 0 || bookings.some((booking) => !booking.inBondAt)) continue;
    const suppliedOn = bookings
      .map((booking) => businessDay(new Date(booking.inBondAt as Date | string)))
      .sort()
      .at(-1);
    await lockInvoiceNumbers(tx);
    const issuedOn = businessDay(at);
    const number = await nextNumberOfYear(tx, Number(issuedOn.slice(0, 4)));
    const [row] = await tx
      .insert(invoiceDocuments)
      .values({ invoiceId: invoice.id, kind: 'FINAL', number, issuedOn, suppliedOn })
      .returning();
    if (row) issued.push(row);
  }
  return issued;
}
