/**
 * The price an adviser agreed in an offer (MANUALLY) applies to at most the offer position's
 * recommended cases, once: cases on the client's order list and on invoices that are not
 * cancelled count against it. More cases of the wine are ordered from the catalogue at its price
 * (a position of their own); raising an agreed position beyond its cases is refused.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { invoicePositions, invoices, orderPositions, recommendedPositions } from '../db/schema';

/**
 * Cases of a recommended position still available at its agreed price, not counting the order
 * position `exceptOrderPositionId` (the one being changed); `includeOrderLists: false` counts
 * invoices only (staff invoicing a quote). Null when the recommended position is gone.
 */
export async function agreedCasesLeft(
  tx: Executor,
  recommendedPositionId: number,
  options: { exceptOrderPositionId?: number | null; includeOrderLists?: boolean } = {},
): Promise<number | null> {
  const [recommended] = await tx
    .select({ amount: recommendedPositions.amount })
    .from(recommendedPositions)
    .where(eq(recommendedPositions.id, recommendedPositionId));
  if (!recommended) return null;
  const [invoiced] = await tx
    .select({ cases: sql<number>`coalesce(sum(${invoicePositions.amount}), 0)::int` })
    .from(invoicePositions)
    .innerJoin(invoices, eq(invoices.id, invoicePositions.invoiceId))
    .where(
      and(eq(invoicePositions.recommendedPositionId, recommendedPositionId), ne(invoices.stage, 'CANCELLED')),
    );
  let listed = 0;
  if (options.includeOrderLists !== false) {
    const [row] = await tx
      .select({ cases: sql<number>`coalesce(sum(${orderPositions.amount}), 0)::int` })
      .from(orderPositions)
      .where(
        and(
          eq(orderPositions.recommendedPositionId, recommendedPositionId),
          options.exceptOrderPositionId ? ne(orderPositions.id, options.exceptOrderPositionId) : undefined,
        ),
      );
    listed = Number(row?.cases ?? 0);
  }
  return Math.max(0, recommended.amount - Number(invoiced?.cases ?? 0) - listed);
}
