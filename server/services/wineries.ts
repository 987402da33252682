import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { businessDay } from '../../src/domain/dates';
import { equalWeightedIndex, PRICE_INDEX_SOURCE } from '../../src/domain/price-index';
import type { Database } from '../db/client';
import { vintagePriceHistory, wineries, wines } from '../db/schema';
import { clientError } from './errors';

export const WINERY_CRITIC_REVIEWS = 6;

export async function findWinery(db: Database, wineryId: number) {
  const [winery] = await db.select().from(wineries).where(eq(wineries.id, wineryId));
  return winery ?? null;
}

/** The most wines one answer of `allWines` holds. */
export const WINES_PAGE_MAX = 200;

/** Wines by title, at most `WINES_PAGE_MAX`, from the one after `afterId` on (by title, then id). */
export function listWines(
  db: Database,
  {
    wineryId,
    first,
    afterId,
  }: { wineryId?: number | null; first?: number | null; afterId?: number | null } = {},
) {
  const limit = first ?? WINES_PAGE_MAX;
  if (!Number.isInteger(limit) || limit < 1 || limit > WINES_PAGE_MAX)
    throw clientError(`Bitte eine Anzahl von 1 bis ${WINES_PAGE_MAX} Weinen angeben.`, 'BAD_USER_INPUT');
  const conditions: SQL[] = [];
  if (wineryId != null) conditions.push(eq(wines.wineryId, wineryId));
  if (afterId != null)
    conditions.push(
      sql`(${wines.title}, ${wines.id}) > (select w.title, w.id from wines w where w.id = ${afterId})`,
    );
  return db
    .select()
    .from(wines)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(wines.title), asc(wines.id))
    .limit(limit);
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
