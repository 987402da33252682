import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bottleSizes, offers, partialOffers, valuations, vintages } from '../../../server/db/schema';

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

/**
 * A house offer of our own for Zweitmarkt journeys, so they do not depend on demo quantities: the
 * first delivered vintage in 0,75l at 100 € per bottle (bought at 80 €), `cases` in one tranche,
 * and a market value of 140 € per bottle, so asking prices from about 99 € to 210 € lie inside the
 * band that needs no confirmation.
 */
export async function resaleTestOffer(
  db: Database,
  cases: number,
): Promise<{ offerId: number; vintageId: number }> {
  const [vintage] = await db
    .select({ id: vintages.id })
    .from(vintages)
    .where(isNull(vintages.enPrimeurDeliveryDate))
    .orderBy(vintages.id)
    .limit(1);
  const [size] = await db.select().from(bottleSizes).where(eq(bottleSizes.factorForLiterPrices, '0.7500'));
  const vintageId = vintage?.id as number;
  const [offer] = await db
    .insert(offers)
    .values({
      vintageId,
      bottleSizeId: size?.id as number,
      caskOf: 6,
      sellPriceBtl: '100.00',
      totalQuantityAvailable: cases,
    })
    .returning({ id: offers.id });
  const offerId = offer?.id as number;
  await db.insert(valuations).values({
    vintageId,
    sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
    value: '140.00',
    datetimeCreated: new Date(),
  });
  await db.insert(partialOffers).values({
    offerId,
    buyPriceBtl: '80.00',
    quantityAvailable: cases,
    totalQuantityAvailable: cases,
  });
  return { offerId, vintageId };
}
