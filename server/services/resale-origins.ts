/**
 * What Zweitmarkt offers' cases are (the offer page, the order list, the invoice): read apart from
 * the sell-order service, which the invoices and certificates services themselves are used by.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { berlinDay } from '../../src/domain/depot-performance';
import type { Database, Transaction } from '../db/client';
import { depotPositionStatuses, depotPositions, partialOffers, sellOrders } from '../db/schema';

/** Where the house's bonded warehouse is, for a tranche that names none. */
const RESALE_STORAGE_LOCATION = 'Zollfreilager Genf';

export interface ResaleOriginRow {
  storageLocation: string;
  inBondSince: string | null;
  conditionReportUrl: string | null;
}

/**
 * What Zweitmarkt offers' cases are, per offer id: the warehouse of the listing's tranche, the day
 * the seller's cases entered it (first IN_BOND entry of the offered position) and its condition
 * report. Offers without a sell order are missing from the answer.
 */
export async function resaleOriginsByOffer(
  db: Database | Transaction,
  offerIds: readonly number[],
): Promise<Map<number, ResaleOriginRow>> {
  const origins = new Map<number, ResaleOriginRow>();
  if (offerIds.length === 0) return origins;
  const rows = await db
    .select({
      offerId: sellOrders.offerId,
      storageLocation: partialOffers.storageLocation,
      conditionReportPdf: depotPositions.conditionReportPdf,
      inBondSince: sql<
        Date | string | null
      >`(select min(${depotPositionStatuses.datetimeStatusUpdate}) from ${depotPositionStatuses} where ${depotPositionStatuses.depotPositionId} = ${sellOrders.depotPositionId} and ${depotPositionStatuses.status} = 'IN_BOND')`,
    })
    .from(sellOrders)
    .innerJoin(depotPositions, eq(depotPositions.id, sellOrders.depotPositionId))
    .leftJoin(partialOffers, eq(partialOffers.id, sellOrders.partialOfferId))
    .where(inArray(sellOrders.offerId, [...offerIds]));
  for (const row of rows) {
    if (row.offerId === null) continue;
    origins.set(row.offerId, {
      storageLocation: row.storageLocation || RESALE_STORAGE_LOCATION,
      inBondSince: row.inBondSince ? berlinDay(row.inBondSince) : null,
      conditionReportUrl: row.conditionReportPdf ?? null,
    });
  }
  return origins;
}
