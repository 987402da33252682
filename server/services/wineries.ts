import { asc, eq } from 'drizzle-orm';
import { businessDay } from '../../src/domain/dates';
import { equalWeightedIndex, PRICE_INDEX_SOURCE } from '../../src/domain/price-index';
import type { Database } from '../db/client';
import { vintagePriceHistory, wineries, wines } from '../db/schema';

export const WINERY_CRITIC_REVIEWS = 6;

export async function findWinery(db: Database, wineryId: number) {
  const [winery] = await db.select().from(wineries).where(eq(wineries.id, wineryId));
  return winery ?? null;
}

export function listWines(db: Database) {
  return db.select().from(wines).orderBy(asc(wines.title), asc(wines.id));
}

/**
 * The public price index over every vintage's yearly price history, with its source and the day
 * (Europe/Berlin) its newest price was recorded: the page states both beside the chart.
 */
export async function computePriceIndex(db: Database) {
  const rows = await db
    .select({
      vintageId: vintagePriceHistory.vintageId,
      year: vintagePriceHistory.year,
      price: vintagePriceHistory.annualAvgEurAdj,
      recordedAt: vintagePriceHistory.updatedAt,
    })
    .from(vintagePriceHistory);
  const prices = rows.map((row) => ({ vintageId: row.vintageId, year: row.year, price: Number(row.price) }));
  let newest: Date | null = null;
  for (const row of rows) if (newest === null || row.recordedAt > newest) newest = row.recordedAt;
  return {
    points: equalWeightedIndex(prices),
    vintageCount: new Set(prices.map((row) => row.vintageId)).size,
    valuationSource: PRICE_INDEX_SOURCE,
    valuationAsOf: newest === null ? null : businessDay(newest),
  };
}
