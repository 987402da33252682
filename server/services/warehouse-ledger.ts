/** The ledger the warehouse's reports are reconciled with: every depot position not sold, as one read. */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DepotStatus } from '../../src/domain/depot-status';
import type { Database, Transaction } from '../db/client';
import { bottleSizes, depotPositions, users, vintages } from '../db/schema';
import type { LedgerPosition } from './warehouse-reconciliation';

const currentStatus = sql.raw(
  `(select s.status from depot_position_statuses s where s.depot_position_id = "depot_positions"."id"
    order by s.datetime_status_update desc, s.id desc limit 1)`,
);

/** Millilitres of a bottle size from its liter factor (0.75 → 750). */
export const bottleMl = (factorForLiterPrices: string | number) =>
  Math.round(Number(factorForLiterPrices) * 1000);

export async function ledgerPositions(db: Database | Transaction, where?: SQL): Promise<LedgerPosition[]> {
  const rows = await db
    .select({
      depotPositionId: depotPositions.id,
      customerNumber: users.customerNumber,
      lwin11: vintages.lwin11,
      factor: bottleSizes.factorForLiterPrices,
      bottlesPerCase: depotPositions.caskOf,
      cases: depotPositions.amount,
      storageId: depotPositions.storageId,
      mrn: depotPositions.mrn,
      status: sql<DepotStatus | null>`${currentStatus}::text`,
      enPrimeurDeliveryDate: vintages.enPrimeurDeliveryDate,
    })
    .from(depotPositions)
    .innerJoin(users, eq(users.id, depotPositions.ownerId))
    .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, depotPositions.bottleSizeId))
    .where(where)
    .orderBy(depotPositions.id);
  return rows.map(({ factor, ...row }) => ({ ...row, bottleSizeMl: bottleMl(factor) }));
}
