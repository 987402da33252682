/**
 * "Wertentwicklung" of a depot: two queries (the owner's positions with their purchase and sale
 * days, and the market valuations of their vintages, both with days already in Europe/Berlin)
 * and the price index, then one pass of the shared rule in src/domain/depot-performance.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  berlinDay,
  DEPOT_TIME_ZONE,
  type DepotPerformance,
  depotPerformance,
} from '../../src/domain/depot-performance';
import { MARKET_VALUE_SOURCE } from '../../src/domain/depot-valuation';
import type { Database } from '../db/client';
import { bottleSizes, depotPositionStatuses, depotPositions, valuations } from '../db/schema';
import { computePriceIndex } from './wineries';

const berlinDayOf = (column: unknown) =>
  sql<string | null>`((${column}) at time zone ${sql.raw(`'${DEPOT_TIME_ZONE}'`)})::date::text`;

export async function loadDepotPerformance(
  db: Database,
  ownerId: number,
  now: Date = new Date(),
): Promise<DepotPerformance> {
  const status = depotPositionStatuses;
  const [positions, valuationRows, index] = await Promise.all([
    db
      .select({
        id: depotPositions.id,
        vintageId: depotPositions.vintageId,
        buyPriceBtl: depotPositions.buyPriceBtl,
        caskOf: depotPositions.caskOf,
        amount: depotPositions.amount,
        factorForLiterPrices: bottleSizes.factorForLiterPrices,
        // The latest PURCHASED entry is the purchase (as DepotPosition.purchaseDate); the first SOLD entry ends it.
        purchaseDay: berlinDayOf(
          sql`max(${status.datetimeStatusUpdate}) filter (where ${status.status} = 'PURCHASED')`,
        ),
        soldDay: berlinDayOf(
          sql`min(${status.datetimeStatusUpdate}) filter (where ${status.status} = 'SOLD')`,
        ),
      })
      .from(depotPositions)
      .innerJoin(bottleSizes, eq(bottleSizes.id, depotPositions.bottleSizeId))
      .leftJoin(status, eq(status.depotPositionId, depotPositions.id))
      .where(eq(depotPositions.ownerId, ownerId))
      .groupBy(depotPositions.id, bottleSizes.id)
      .orderBy(asc(depotPositions.id)),
    db
      .select({
        vintageId: valuations.vintageId,
        sourceOfValuation: valuations.sourceOfValuation,
        value: valuations.value,
        day: berlinDayOf(valuations.datetimeCreated),
        at: valuations.datetimeCreated,
      })
      .from(valuations)
      .where(
        and(
          eq(valuations.sourceOfValuation, MARKET_VALUE_SOURCE),
          inArray(
            valuations.vintageId,
            db
              .selectDistinct({ vintageId: depotPositions.vintageId })
              .from(depotPositions)
              .where(eq(depotPositions.ownerId, ownerId)),
          ),
        ),
      ),
    computePriceIndex(db),
  ]);
  return depotPerformance(
    positions,
    valuationRows.map((row) => ({ ...row, day: row.day ?? berlinDay(row.at), time: row.at.getTime() })),
    index.points,
    berlinDay(now),
  );
}
