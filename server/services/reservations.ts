/**
 * Stock reserved for an invoice. The availability check (CHECK_DONE) takes cases off the offer's
 * purchase tranches and records the split on each invoice position (`reservedTranches`); a
 * cancelled invoice gives them back here. Reusable by every flow that ends a reservation without
 * a sale (cancellation today, the secondary market later).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { invoicePositions, partialOffers } from '../db/schema';

export interface ReleasedCases {
  partialOfferId: number;
  cases: number;
}

/**
 * Returns the invoice's reserved cases to their purchase tranches and clears the reservation, in
 * the caller's transaction (lock the invoice row first). Idempotent: a second call finds nothing
 * reserved and releases nothing. Answers what was released, per tranche.
 */
export async function releaseReservedStock(tx: Transaction, invoiceId: number): Promise<ReleasedCases[]> {
  const positions = await tx
    .select({ id: invoicePositions.id, reserved: invoicePositions.reservedTranches })
    .from(invoicePositions)
    .where(eq(invoicePositions.invoiceId, invoiceId))
    .orderBy(asc(invoicePositions.id))
    .for('update');
  const released = new Map<number, number>();
  for (const position of positions) {
    if (!position.reserved?.length) continue;
    for (const part of position.reserved) {
      if (part.cases > 0)
        released.set(part.partialOfferId, (released.get(part.partialOfferId) ?? 0) + part.cases);
    }
    await tx
      .update(invoicePositions)
      .set({ reservedTranches: null })
      .where(eq(invoicePositions.id, position.id));
  }
  // Tranches in id order, so two releases touching the same tranches cannot deadlock.
  const parts = [...released.entries()].sort(([a], [b]) => a - b);
  for (const [partialOfferId, cases] of parts) {
    await tx
      .update(partialOffers)
      .set({ quantityAvailable: sql`${partialOffers.quantityAvailable} + ${cases}` })
      .where(eq(partialOffers.id, partialOfferId));
  }
  return parts.map(([partialOfferId, cases]) => ({ partialOfferId, cases }));
}
