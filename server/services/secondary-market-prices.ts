/**
 * Zweitmarkt prices: a vintage's current market value (the band a seller's asking price is
 * checked against), every offer a buyer can compare per bottle size, and the recent resale prices
 * staff see when approving a listing.
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { currentMarketValue, type MarketValue } from '../../src/domain/market-value';
import { offerAvailableCasesSql } from '../db/available-cases';
import type { Database, Transaction } from '../db/client';
import { bottleSizes, offers, sellOrders, valuations } from '../db/schema';
import type { OfferRow } from './offers';

/** The vintage's current market value per bottle of the size (the depot's rule); null without one. */
export async function marketValueOf(
  tx: Transaction | Database,
  vintageId: number,
  bottleSizeId: number,
): Promise<MarketValue | null> {
  const [size] = await tx
    .select({ factor: bottleSizes.factorForLiterPrices })
    .from(bottleSizes)
    .where(eq(bottleSizes.id, bottleSizeId));
  if (!size) return null;
  const rows = await tx
    .select({
      sourceOfValuation: valuations.sourceOfValuation,
      value: valuations.value,
      datetimeCreated: valuations.datetimeCreated,
    })
    .from(valuations)
    .where(eq(valuations.vintageId, vintageId));
  return currentMarketValue(rows, size.factor);
}

/**
 * Per vintage and bottle size every offer a client can buy now (not archived, not on request,
 * cases available): the house's and each Zweitmarkt listing, cheapest price per bottle first, the
 * house's first at the same price. Keys are `vintageId:bottleSizeId`.
 */
export async function buyableOffersBySize(
  db: Database | Transaction,
  keys: readonly { vintageId: number; bottleSizeId: number }[],
): Promise<Map<string, OfferRow[]>> {
  const byKey = new Map<string, OfferRow[]>(keys.map((key) => [sizeKey(key), []]));
  if (keys.length === 0) return byKey;
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        inArray(offers.vintageId, [...new Set(keys.map((key) => key.vintageId))]),
        eq(offers.archived, false),
        eq(offers.onRequest, false),
        sql`${offerAvailableCasesSql} > 0`,
      ),
    )
    .orderBy(asc(offers.sellPriceBtl), asc(offers.secondaryMarket), asc(offers.id));
  for (const row of rows) byKey.get(sizeKey(row))?.push(row);
  return byKey;
}

export const sizeKey = (row: { vintageId: number; bottleSizeId: number }) =>
  `${row.vintageId}:${row.bottleSizeId}`;

/** Staff: the latest listed or sold Zweitmarkt prices of a vintage and size, `exceptId` left out. */
export function recentResalePrices(
  db: Database | Transaction,
  input: { vintageId: number; bottleSizeId: number; exceptId: number },
  limit = 5,
) {
  return db
    .select({
      sellOrderId: sellOrders.id,
      status: sellOrders.status,
      sellPriceBtl: sellOrders.sellPriceBtl,
      cases: sellOrders.cases,
      listedAt: sellOrders.listedAt,
      soldAt: sellOrders.soldAt,
    })
    .from(sellOrders)
    .where(
      and(
        eq(sellOrders.vintageId, input.vintageId),
        eq(sellOrders.bottleSizeId, input.bottleSizeId),
        ne(sellOrders.id, input.exceptId),
        isNotNull(sellOrders.sellPriceBtl),
        isNotNull(sellOrders.listedAt),
        or(eq(sellOrders.status, 'LISTED'), eq(sellOrders.status, 'SOLD')),
      ),
    )
    .orderBy(desc(sql`coalesce(${sellOrders.soldAt}, ${sellOrders.listedAt})`), desc(sellOrders.id))
    .limit(limit);
}
