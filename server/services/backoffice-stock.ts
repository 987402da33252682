/**
 * Lagerbestand (back office, staff only): every depot position with its owner, wine, customs
 * reference (MRN), its date and the case numbers in the warehouse, paged, sorted and searched in
 * SQL (the scaled data set has 100,000 positions), and the edits of MRN, date and case numbers
 * with their audit rows.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  checkMrn,
  checkMrnDate,
  checkStorageIds,
  type FieldCheck,
  stockMessages,
  todayInBusinessZone,
} from '../../src/domain/backoffice-stock';
import { currentStatusEntry } from '../../src/domain/depot-status';
import type { Database, Transaction } from '../db/client';
import { bottleSizes, depotPositionStatuses, depotPositions, users, vintages } from '../db/schema';
import { recordAudit } from './audit';
import { type MutationError, ok, refused, refusedAll } from './errors';
import { issueFinalInvoicesFor } from './invoice-documents';
import {
  containing,
  type PageQuery,
  pageOrder,
  pageWindow,
  pageWithTotal,
  STAFF_PAGE_SIZE,
  searchWords,
} from './search-terms';

export const ASSET_SORT_KEYS = [
  'id',
  'wine',
  'owner',
  'amount',
  'caskOf',
  'bottleSize',
  'buyPrice',
  'storageId',
  'mrn',
  'mrnDate',
  'tranche',
  'status',
] as const;
export type AssetSortKey = (typeof ASSET_SORT_KEYS)[number];

export type AssetsQuery = PageQuery<AssetSortKey>;

export interface AssetUnderManagement {
  id: number;
  vintageTitle: string;
  vintageYear: number;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
  amount: number;
  caskOf: number;
  bottleSize: string;
  buyPriceBtl: string;
  storageId: string | null;
  mrn: string | null;
  mrnDate: string | null;
  partialOfferId: number | null;
  currentStatus: string | null;
  statusUpdatedAt: Date | null;
}

/** The status entry with the latest date (ties: the later entry), as the depot screen reads it. */
const latestStatus = (column: 'status' | 'datetime_status_update') =>
  sql.raw(
    `(select s.${column} from depot_position_statuses s where s.depot_position_id = "depot_positions"."id"
      order by s.datetime_status_update desc, s.id desc limit 1)`,
  );

const assetColumns = {
  id: depotPositions.id,
  vintageTitle: vintages.title,
  vintageYear: vintages.year,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  amount: depotPositions.amount,
  caskOf: depotPositions.caskOf,
  bottleSize: bottleSizes.title,
  buyPriceBtl: depotPositions.buyPriceBtl,
  storageId: depotPositions.storageId,
  mrn: depotPositions.mrn,
  mrnDate: depotPositions.mrnDate,
  partialOfferId: depotPositions.partialOfferId,
  currentStatus: sql<string | null>`${latestStatus('status')}::text`,
  statusUpdatedAt: sql<Date | string | null>`${latestStatus('datetime_status_update')}`,
};

const sortColumns: Record<AssetSortKey, SQL[]> = {
  id: [sql`${depotPositions.id}`],
  wine: [sql`${vintages.title}`, sql`${vintages.year}`],
  owner: [sql`${users.lastName}`, sql`${users.firstName}`, sql`${users.email}`],
  amount: [sql`${depotPositions.amount}`],
  caskOf: [sql`${depotPositions.caskOf}`],
  bottleSize: [sql`${bottleSizes.factorForLiterPrices}`],
  buyPrice: [sql`${depotPositions.buyPriceBtl}`],
  storageId: [sql`${depotPositions.storageId}`],
  mrn: [sql`${depotPositions.mrn}`],
  mrnDate: [sql`${depotPositions.mrnDate}`],
  tranche: [sql`${depotPositions.partialOfferId}`],
  status: [sql`${latestStatus('status')}`],
};

/**
 * Every word must occur in the position's wine (with or without accents), year, owner name or
 * e-mail, MRN, case numbers, or be its id.
 */
function searchCondition(search: string | null | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containing(word);
      return sql`(${vintages.titleUnidecoded} ilike ${pattern} or ${vintages.title} ilike ${pattern}
        or ${vintages.year}::text = ${word} or ${users.email} ilike ${pattern}
        or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}
        or ${depotPositions.mrn} ilike ${pattern} or ${depotPositions.storageId} ilike ${pattern}
        or ${depotPositions.id}::text = ${word})`;
    }),
  );
}

function assetRows(db: Database) {
  return db
    .select(assetColumns)
    .from(depotPositions)
    .innerJoin(users, eq(users.id, depotPositions.ownerId))
    .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, depotPositions.bottleSizeId));
}

const asAsset = (
  row: Omit<AssetUnderManagement, 'statusUpdatedAt'> & { statusUpdatedAt: Date | string | null },
): AssetUnderManagement => ({
  ...row,
  // A raw subquery bypasses Drizzle's column mapping: the driver may answer a string.
  statusUpdatedAt: row.statusUpdatedAt === null ? null : new Date(row.statusUpdatedAt),
});

/** One page of the assets under management and how many positions match the search. */
export async function listAssetsUnderManagement(
  db: Database,
  query: AssetsQuery,
): Promise<{ totalCount: number; assets: AssetUnderManagement[] }> {
  const where = searchCondition(query.search);
  const { offset, limit } = pageWindow(query, STAFF_PAGE_SIZE);
  const order = pageOrder(sortColumns[query.sortBy ?? 'id'], query.descending, depotPositions.id);
  // The page's ids first, then their details: the latest status (a subquery per row) is then read
  // for the page only, not for every row skipped by a deep offset.
  const matching = db
    .select({ id: depotPositions.id })
    .from(depotPositions)
    .innerJoin(users, eq(users.id, depotPositions.ownerId))
    .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, depotPositions.bottleSizeId))
    .where(where)
    .$dynamic();
  const { rows: pageIds, totalCount } = await pageWithTotal(db, matching, order, { offset, limit });
  const ids = pageIds.map((row) => row.id);
  const rows = ids.length === 0 ? [] : await assetRows(db).where(inArray(depotPositions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, asAsset(row)]));
  return {
    totalCount,
    assets: ids.flatMap((id) => {
      const asset = byId.get(id);
      return asset ? [asset] : [];
    }),
  };
}

export async function findAssetUnderManagement(
  db: Database,
  depotPositionId: number,
): Promise<AssetUnderManagement | null> {
  const [row] = await assetRows(db).where(eq(depotPositions.id, depotPositionId));
  return row ? asAsset(row) : null;
}

export type AssetResult =
  | { success: true; errors: []; asset: AssetUnderManagement }
  | { success: false; errors: MutationError[]; asset: null };

export interface AssetChange {
  depotPositionId: number;
  /** Omitted or null: unchanged; empty: cleared. */
  newMrn?: string | null;
  newMrnDate?: string | null;
  newStorageIds?: string | null;
}

/**
 * Recording the customs reference puts a position into the bonded warehouse: an IN_BOND status
 * entry, once, and only while it is still PURCHASED or SHIPPING (never over FOR_SALE or SOLD).
 */
async function enterBond(tx: Transaction, depotPositionId: number, now: Date) {
  const entries = await tx
    .select()
    .from(depotPositionStatuses)
    .where(eq(depotPositionStatuses.depotPositionId, depotPositionId));
  if (entries.some((entry) => entry.status === 'IN_BOND')) return;
  const current = currentStatusEntry(entries.sort((a, b) => a.id - b.id));
  if (current && current.status !== 'PURCHASED' && current.status !== 'SHIPPING') return;
  const latest = current ? new Date(current.datetimeStatusUpdate).getTime() + 1 : 0;
  await tx.insert(depotPositionStatuses).values({
    depotPositionId,
    status: 'IN_BOND',
    datetimeStatusUpdate: new Date(Math.max(now.getTime(), latest)),
  });
}

/**
 * Changes MRN, MRN date and case numbers of a depot position (only the given fields) after
 * validating each; writes the audit row (entity depot_position) in the same transaction.
 */
export async function updateAssetUnderManagement(
  db: Database,
  actorId: number,
  change: AssetChange,
  now: Date = new Date(),
): Promise<AssetResult> {
  const checks: [
    field: 'newMrn' | 'newMrnDate' | 'newStorageIds',
    column: 'mrn' | 'mrnDate' | 'storageId',
    FieldCheck,
  ][] = [];
  if (change.newMrn != null) checks.push(['newMrn', 'mrn', checkMrn(change.newMrn)]);
  if (change.newMrnDate != null)
    checks.push(['newMrnDate', 'mrnDate', checkMrnDate(change.newMrnDate, todayInBusinessZone(now))]);
  if (change.newStorageIds != null)
    checks.push(['newStorageIds', 'storageId', checkStorageIds(change.newStorageIds)]);
  const errors = checks.flatMap(([field, , check]) =>
    check.error ? [{ message: check.error, code: 'INVALID', field }] : [],
  );
  if (errors.length > 0) return refusedAll(errors, { asset: null });

  const values = Object.fromEntries(checks.map(([, column, check]) => [column, check.value]));
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        mrn: depotPositions.mrn,
        mrnDate: depotPositions.mrnDate,
        storageId: depotPositions.storageId,
      })
      .from(depotPositions)
      .where(eq(depotPositions.id, change.depotPositionId))
      .for('update');
    if (!before) return false;
    if (values.mrn) {
      await enterBond(tx, change.depotPositionId, now);
      // En-primeur wine paid in advance is supplied now: its final invoice follows.
      await issueFinalInvoicesFor(tx, [change.depotPositionId], now);
    }
    if (Object.entries(values).every(([column, value]) => before[column as keyof typeof before] === value)) {
      return true;
    }
    const [after] = await tx
      .update(depotPositions)
      .set(values)
      .where(eq(depotPositions.id, change.depotPositionId))
      .returning({
        mrn: depotPositions.mrn,
        mrnDate: depotPositions.mrnDate,
        storageId: depotPositions.storageId,
      });
    await recordAudit(tx, {
      actorId,
      entity: 'depot_position',
      entityId: change.depotPositionId,
      action: 'update',
      before,
      after: after ?? null,
    });
    return true;
  });
  const asset = saved ? await findAssetUnderManagement(db, change.depotPositionId) : null;
  if (!asset) {
    return refused('NOT_FOUND', stockMessages.notFound, 'depotPositionId', { asset: null });
  }
  return ok({ asset });
}
