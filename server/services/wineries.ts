import { asc, eq } from 'drizzle-orm';
import { equalWeightedIndex } from '../../src/domain/price-index';
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

/** The public price index over every vintage's yearly price history. */
export async function computePriceIndex(db: Database) {
  const rows = await db
    .select({
      vintageId: vintagePriceHistory.vintageId,
      year: vintagePriceHistory.year,
      price: vintagePriceHistory.annualAvgEurAdj,
    })
    .from(vintagePriceHistory);
  const prices = rows.map((row) => ({ ...row, price: Number(row.price) }));
  return {
    points: equalWeightedIndex(prices),
    vintageCount: new Set(prices.map((row) => row.vintageId)).size,
  };
}
