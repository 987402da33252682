import DataLoader from 'dataloader';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { academyVideos, ratings, vintages, wines } from '../db/schema';
import { WINERY_CRITIC_REVIEWS } from '../services/wineries';

function groupBy<Row>(keys: readonly number[], rows: Row[], keyOf: (row: Row) => number, limit?: number) {
  const byKey = new Map<number, Row[]>();
  for (const row of rows) {
    const list = byKey.get(keyOf(row)) ?? [];
    if (limit === undefined || list.length < limit) list.push(row);
    byKey.set(keyOf(row), list);
  }
  return keys.map((key) => byKey.get(key) ?? []);
}

/** Per-request loaders of the winery page's relations. */
export function createWineryLoaders(db: Database) {
  return {
    academyVideosByWinery: new DataLoader(async (ids: readonly number[]) => {
      const rows = await db
        .select()
        .from(academyVideos)
        .where(inArray(academyVideos.wineryId, [...ids]))
        .orderBy(desc(academyVideos.datetimePublished), desc(academyVideos.id));
      return groupBy(ids, rows, (row) => row.wineryId ?? 0);
    }),
    /** The highest critic scores over the winery's vintages (at most 6 per winery). */
    criticReviewsByWinery: new DataLoader(async (ids: readonly number[]) => {
      const rows = await db
        .select({ wineryId: wines.wineryId, rating: ratings })
        .from(ratings)
        .innerJoin(vintages, eq(vintages.id, ratings.vintageId))
        .innerJoin(wines, eq(wines.id, vintages.wineId))
        .where(inArray(wines.wineryId, [...ids]))
        .orderBy(desc(ratings.score), desc(ratings.highlight), asc(ratings.id));
      return groupBy(ids, rows, (row) => row.wineryId, WINERY_CRITIC_REVIEWS).map((list) =>
        list.map((row) => row.rating),
      );
    }),
  };
}
