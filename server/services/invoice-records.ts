import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { costSummary, type FeeSchedule, invoiceSumColumns } from '../../src/domain/order-costs';
import type { Transaction } from '../db/client';
import { invoicePositions, invoices, users } from '../db/schema';

type InvoiceRow = typeof invoices.$inferSelect;

/** A secret for the invoice's PDF link (`/invoice/<token>`). */
export const newPermissionToken = () => randomBytes(24).toString('base64url');

/** One line of a new invoice: the offer it sells, with the price snapshot taken now. */
export interface InvoiceLine {
  offer: { id: number; vintageId: number; bottleSizeId: number };
  amount: number;
  caskOf: number;
  priceBtl: string;
  conditionReport: boolean;
  /** The adviser's recommended position whose agreed price the line uses, if any. */
  recommendedPositionId: number | null;
}

/**
 * Creates an invoice in CHECK_NEEDED for the client: the sums from the lines and the fee schedule,
 * one position per line with its price snapshot, and the client's order list blocked until the
 * invoice is paid. The one way an invoice comes to exist (binding order and adviser's quote).
 */
export async function insertInvoice(
  tx: Transaction,
  input: { userId: number; lines: InvoiceLine[]; fees: FeeSchedule; productCategory?: string },
): Promise<InvoiceRow> {
  const sums = costSummary(
    input.lines.map(({ amount, caskOf, priceBtl, conditionReport }) => ({
      amount,
      caskOf,
      priceBtl,
      conditionReport,
    })),
    input.fees,
  );
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: input.userId,
      stage: 'CHECK_NEEDED',
      ...(input.productCategory ? { productCategory: input.productCategory } : {}),
      invoicePdfViewPermissionToken: newPermissionToken(),
      ...invoiceSumColumns(sums),
    })
    .returning();
  if (!invoice) throw new Error('Rechnung wurde nicht angelegt');
  await tx.insert(invoicePositions).values(
    input.lines.map((line) => ({
      invoiceId: invoice.id,
      offerId: line.offer.id,
      vintageId: line.offer.vintageId,
      bottleSizeId: line.offer.bottleSizeId,
      amount: line.amount,
      caskOf: line.caskOf,
      buyPriceBtl: line.priceBtl,
      conditionReport: line.conditionReport,
      recommendedPositionId: line.recommendedPositionId,
    })),
  );
  await tx.update(users).set({ blockedByOrderCheck: true }).where(eq(users.id, input.userId));
  return invoice;
}
