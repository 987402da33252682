import DataLoader from 'dataloader';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { personalOffersSince } from '../../src/domain/sidebar-badges';
import type { Database } from '../db/client';
import { orderPositions, preferencesProfiles, soldOutRequests } from '../db/schema';

function countsBy(fetch: (ids: number[]) => Promise<{ userId: number | null; n: number }[]>) {
  return new DataLoader<number, number>(async (ids) => {
    const rows = await fetch([...ids]);
    const byUser = new Map(rows.map((row) => [row.userId, Number(row.n)]));
    return ids.map((id) => byUser.get(id) ?? 0);
  });
}

/** Per-request loaders of the sidebar badges and sold-out requests of users. */
export function createAccountLoaders(db: Database) {
  return {
    personalOffersCount: countsBy((ids) =>
      db
        .select({ userId: preferencesProfiles.userId, n: count() })
        .from(preferencesProfiles)
        .where(
          and(
            inArray(preferencesProfiles.userId, ids),
            eq(preferencesProfiles.archived, false),
            gt(preferencesProfiles.datetime, personalOffersSince(new Date())),
          ),
        )
        .groupBy(preferencesProfiles.userId),
    ),
    orderPositionsCount: countsBy((ids) =>
      db
        .select({ userId: orderPositions.userId, n: count() })
        .from(orderPositions)
        .where(inArray(orderPositions.userId, ids))
        .groupBy(orderPositions.userId),
    ),
    soldOutRequestVintageIds: new DataLoader<number, number[]>(async (ids) => {
      const rows = await db
        .select({ userId: soldOutRequests.userId, vintageId: soldOutRequests.vintageId })
        .from(soldOutRequests)
        .where(inArray(soldOutRequests.userId, [...ids]));
      return ids.map((id) => rows.filter((row) => row.userId === id).map((row) => row.vintageId));
    }),
  };
}
