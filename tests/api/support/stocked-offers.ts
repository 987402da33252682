import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { offers, partialOffers } from '../../../server/db/schema';

/** The active, orderable offers with a tranche of more than four cases, in id order: room for several orders. */
export async function stockedOfferIds(db: Database): Promise<number[]> {
  const stocked = await db
    .selectDistinct({ id: offers.id })
    .from(offers)
    .innerJoin(partialOffers, eq(partialOffers.offerId, offers.id))
    .where(
      and(eq(offers.archived, false), eq(offers.onRequest, false), gt(partialOffers.quantityAvailable, 4)),
    )
    .orderBy(offers.id);
  return stocked.map((row) => row.id);
}
