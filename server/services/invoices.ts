/**
 * Reading invoices: the order list and its stage groups, one invoice for its client or staff, by
 * its PDF token, its positions, and the payment thank-you a client has not seen yet. Changing an
 * invoice lives beside it: the staff check (`invoice-check.ts`), cancellation
 * (`invoice-cancellation.ts`), the provider's payment page (`invoice-payment.ts`) and the
 * provider's payment results (`invoice-payment-results.ts`).
 */

import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  INVOICE_STAGE_KEYS,
  INVOICE_STAGES,
  type InvoiceStageGroup,
  stagesOfGroup,
  stagesWhere,
} from '../../src/domain/invoice-stages';
import { isStaffUser } from '../../src/domain/staff';
import type { Database, Executor, Transaction } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { invoicePositions, invoices, type users, vintages } from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import type { MutationError } from './errors';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceStage = InvoiceRow['stage'];
export type InvoiceActor = Pick<typeof users.$inferSelect, 'id' | 'isStaff' | 'isSuperuser'>;

export const isStaff = (actor: InvoiceActor) => isStaffUser(actor);

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

/** 'paid', a group name or a stage in any case → stages; null = every stage; [] = unknown. */
export function stagesFor(stage: string | null | undefined): InvoiceStage[] | null {
  if (!stage) return null;
  const key = stage.trim();
  const group = key.toLowerCase();
  if (INVOICE_STAGE_KEYS.some((candidate) => INVOICE_STAGES[candidate].group === group)) {
    return stagesOfGroup(group as InvoiceStageGroup);
  }
  const upper = key.toUpperCase();
  return INVOICE_STAGE_KEYS.filter((candidate) => candidate === upper);
}

/** How long the order list shows a cancelled request (with its reason). */
export const CANCELLED_SHOWN_DAYS = 30;

/** A client's own invoices, or everyone's for staff; newest first. */
export function listInvoices(db: Database, actor: InvoiceActor, stage: string | null | undefined) {
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
export async function findInvoice(
  db: Database,
  actor: InvoiceActor,
  invoiceId: number,
): Promise<InvoiceRow | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  return invoice.userId === actor.id || isStaff(actor) ? invoice : null;
}

/**
 * The client's newest paid invoice whose thank-you ("Vielen Dank für Ihre Zahlung!") has not been
 * seen yet, on any device.
 */
export async function unseenPaymentThanks(db: Database, actor: InvoiceActor): Promise<InvoiceRow | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, actor.id),
        inArray(invoices.stage, stagesWhere('paid')),
        isNull(invoices.paymentThanksSeenAt),
      ),
    )
    .orderBy(desc(invoices.paidAt), desc(invoices.id))
    .limit(1);
  return invoice ?? null;
}

/** Remembers that the client has seen the thank-you of their paid invoice; false when not theirs or unpaid. */
export async function markPaymentThanksSeen(
  db: Database,
  actor: InvoiceActor,
  invoiceId: number,
): Promise<boolean> {
  const updated = await db
    .update(invoices)
    .set({ paymentThanksSeenAt: sql`coalesce(${invoices.paymentThanksSeenAt}, now())` })
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.userId, actor.id),
        inArray(invoices.stage, stagesWhere('paid')),
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
const openStages = stagesWhere('open');

/** Whether the client still has an invoice being checked or waiting for payment. */
export async function hasOpenInvoice(tx: Transaction, userId: number, except: number): Promise<boolean> {
  const open = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), ne(invoices.id, except), inArray(invoices.stage, openStages)));
  return open.length > 0;
}
