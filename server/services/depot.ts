/**
 * The depot: a client's positions with their status history, and the investment score (total
 * invested). Per-client checks live here: a client reads only the positions they own.
 */
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { centsToDecimal, decimalToCents } from '../../src/domain/money';
import type { Database } from '../db/client';
import { parsedJsonArray } from '../db/json-array';
import { depotPositionStatuses, depotPositions, sellOrders, users, valuations } from '../db/schema';
import { clientError } from './errors';
import { changedSinceSnapshot, newSince, type SnapshotCheck } from './sync';

export type DepotPositionRow = typeof depotPositions.$inferSelect;

/** The positions owned by `ownerId`, oldest first. */
export function listDepotPositions(db: Database, ownerId: number): Promise<DepotPositionRow[]> {
  return db
    .select()
    .from(depotPositions)
    .where(eq(depotPositions.ownerId, ownerId))
    .orderBy(asc(depotPositions.id));
}

export type DepotStatusRow = typeof depotPositionStatuses.$inferSelect;

/**
 * What the depot read gives of a position: the fields the API shows and the depot's rules use
 * (the sync stamps, MRN and offer links of 200 positions were read, mapped and dropped).
 */
export type DepotPositionFields = Pick<
  DepotPositionRow,
  | 'id'
  | 'ownerId'
  | 'vintageId'
  | 'bottleSizeId'
  | 'amount'
  | 'caskOf'
  | 'buyPriceBtl'
  | 'storageId'
  | 'conditionReportPdf'
  | 'sellOrderId'
> & {
  /** Whether the MRN is recorded (all the storage rule, src/domain/storage-state.ts, needs of it). */
  hasMrn: boolean;
  /** The invoice the position was bought with; null without one. */
  invoice: DepotInvoiceRow | null;
};

/** The invoice of a depot position as the depot read gives it (the date as `YYYY-MM-DD`). */
export interface DepotInvoiceRow {
  id: number;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  /** The PDF's permission token (`/invoices/<token>.pdf`). */
  token: string;
}

/**
 * A status entry and a valuation as the depot read gives them: the fields the API shows and the
 * depot's rules use, the time as the text `Date#toISOString` writes (`isoTime`), which is what the
 * API answers; the domain rules take it as it is (800 times per 200-position depot were
 * parsed into dates only to be written out again).
 */
export interface DepotStatusEntryRow {
  status: DepotStatusRow['status'];
  datetimeStatusUpdate: string;
}
export interface DepotValuationRow {
  vintageId: number;
  sourceOfValuation: (typeof valuations.$inferSelect)['sourceOfValuation'];
  value: string;
  datetimeCreated: string;
}

/** A position with its status history (oldest first), as the depot read answers it. */
export type DepotPositionWithStatuses = DepotPositionFields & { statuses: DepotStatusEntryRow[] };

/**
 * A `timestamptz` as the text `Date#toISOString` gives for it (UTC, milliseconds cut off as a
 * JavaScript date cuts them; years 0–9999), so a time read as text answers byte for byte as a
 * time read as a date.
 */
const isoTime = (column: SQL | AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The positions owned by `ownerId`, oldest first, each with its status history (oldest first), in
 * one statement that answers one JSON array: the database builds the rows, the server parses them
 * in one `JSON.parse` (no row-by-row driver parsing and ORM mapping for 200 positions
 * and their 400 status entries).
 */
export async function listDepotWithStatuses(
  db: Database,
  ownerId: number,
): Promise<DepotPositionWithStatuses[]> {
  const [row] = await db
    .select({
      positions: sql<DepotPositionWithStatuses[] | string>`coalesce(json_agg(json_build_object(
        'id', ${depotPositions.id},
        'ownerId', ${depotPositions.ownerId},
        'vintageId', ${depotPositions.vintageId},
        'bottleSizeId', ${depotPositions.bottleSizeId},
        'amount', ${depotPositions.amount},
        'caskOf', ${depotPositions.caskOf},
        'buyPriceBtl', ${depotPositions.buyPriceBtl}::text,
        'storageId', ${depotPositions.storageId},
        'conditionReportPdf', ${depotPositions.conditionReportPdf},
        'sellOrderId', ${depotPositions.sellOrderId},
        'hasMrn', coalesce(btrim(${depotPositions.mrn}), '') <> '',
        'invoice', (
          select json_build_object('id', i.id, 'invoiceNumber', i.invoice_number,
                   'invoiceDate', i.invoice_date, 'token', i.invoice_pdf_view_permission_token)
          from invoice_positions ip join invoices i on i.id = ip.invoice_id
          where ip.id = depot_positions.invoice_position_id),
        'statuses', (
          select coalesce(json_agg(json_build_object(
                   'status', s.status,
                   'datetimeStatusUpdate', ${isoTime(sql`s.datetime_status_update`)})
                   order by s.datetime_status_update, s.id), '[]'::json)
          from depot_position_statuses s where s.depot_position_id = depot_positions.id)
      ) order by ${depotPositions.id}), '[]'::json)::text`,
    })
    .from(depotPositions)
    .where(eq(depotPositions.ownerId, ownerId));
  return parsedJsonArray<DepotPositionWithStatuses>(row?.positions);
}

/**
 * The valuations of every vintage in `ownerId`'s depot, newest first (one statement, no id list
 * sent, one JSON array as for the positions).
 */
export async function listDepotValuations(db: Database, ownerId: number): Promise<DepotValuationRow[]> {
  const [row] = await db
    .select({
      valuations: sql<DepotValuationRow[] | string>`coalesce(json_agg(json_build_object(
        'vintageId', ${valuations.vintageId},
        'sourceOfValuation', ${valuations.sourceOfValuation},
        'value', ${valuations.value}::text,
        'datetimeCreated', ${isoTime(valuations.datetimeCreated)})
        order by ${valuations.datetimeCreated} desc, ${valuations.id} desc), '[]'::json)::text`,
    })
    .from(valuations)
    // The depot's vintages as an array: an index probe per vintage. As `in (select …)` the planner
    // joined by hashing and read every valuation of the catalogue (8 ms of database time
    // per depot read with 52,000 valuations, 1.4 ms so).
    .where(
      sql`${valuations.vintageId} = any(array(
        select p.vintage_id from depot_positions p where p.owner_id = ${ownerId}))`,
    );
  return parsedJsonArray<DepotValuationRow>(row?.valuations);
}

/**
 * Whether anything the depot read of `ownerId` shows (`listDepotWithStatuses`,
 * `listDepotValuations`) changed since a database snapshot, in one statement, whoever made the
 * change (this process, another server instance on the same Postgres, an import in SQL). It uses the
 * delta sync's stamps (migration 0009): every insert and update sets a row's `updated_xid`, every
 * delete — and every move of a row to another owner or parent — leaves a tombstone naming the
 * previous one. A change is a row of that client's positions, of their status histories or of the
 * valuations of their vintages, or a tombstone of one of these, written by a transaction `since` did
 * not see; a transaction still running is not seen by this statement either and is found once it
 * has committed. Checked in: tests/api/depot-read-cache.test.ts.
 */
export function depotChangedSince(
  db: Database,
  ownerId: number,
  since: string | undefined,
): Promise<SnapshotCheck> {
  const positionIds = sql`(select p.id from depot_positions p where p.owner_id = ${ownerId})`;
  const vintageIds = sql`array(select p.vintage_id from depot_positions p where p.owner_id = ${ownerId})`;
  return changedSinceSnapshot(
    db,
    since,
    (since) => sql`exists (select 1 from depot_positions p
                          where p.owner_id = ${ownerId} and ${newSince(sql`p.updated_xid`, since)})
      or exists (select 1 from depot_position_statuses s
                 where ${newSince(sql`s.updated_xid`, since)} and s.depot_position_id in ${positionIds})
      or exists (select 1 from valuations v
                 where ${newSince(sql`v.updated_xid`, since)} and v.vintage_id = any(${vintageIds}))
      or exists (select 1 from sync_tombstones t
                 where ${newSince(sql`t.deleted_xid`, since)}
                   and ((t.table_name = 'depot_positions' and t.owner_id = ${ownerId})
                     or (t.table_name = 'depot_position_statuses' and t.parent_id in ${positionIds})
                     or (t.table_name = 'valuations' and t.parent_id = any(${vintageIds}))))`,
  );
}

/** Total invested over these positions, as `investmentScores` computes it in SQL ("0.00" for none). */
export function investmentScoreOf(
  positions: readonly Pick<DepotPositionRow, 'buyPriceBtl' | 'caskOf' | 'amount'>[],
): string {
  let cents = 0;
  for (const position of positions)
    cents += decimalToCents(position.buyPriceBtl) * position.caskOf * position.amount;
  return centsToDecimal(cents);
}

/** The vintages held in `ownerId`'s depot, each once (ascending ids). */
export async function listDepotVintageIds(db: Database, ownerId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ vintageId: depotPositions.vintageId })
    .from(depotPositions)
    .where(eq(depotPositions.ownerId, ownerId))
    .orderBy(asc(depotPositions.vintageId));
  return rows.map((row) => row.vintageId);
}

/** The id of the client with this e-mail address (staff views); unknown addresses are an error. */
export async function clientIdByMail(db: Database, clientsMail: string): Promise<number> {
  const email = clientsMail.trim().toLowerCase();
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!client) throw clientError('Kein Kunde mit dieser E-Mail-Adresse gefunden.', 'NOT_FOUND');
  return client.id;
}

/** The depot of the client with this e-mail address (staff view); unknown addresses are an error. */
export async function listClientsDepot(db: Database, clientsMail: string): Promise<DepotPositionRow[]> {
  return listDepotPositions(db, await clientIdByMail(db, clientsMail));
}

/** The vintages of that client's depot, each once (staff view); unknown addresses are an error. */
export async function listClientsDepotVintageIds(db: Database, clientsMail: string): Promise<number[]> {
  return listDepotVintageIds(db, await clientIdByMail(db, clientsMail));
}

/** Status entries of the given positions, oldest first. */
export function listDepotStatuses(db: Database, positionIds: number[]) {
  return db
    .select()
    .from(depotPositionStatuses)
    .where(inArray(depotPositionStatuses.depotPositionId, positionIds))
    .orderBy(asc(depotPositionStatuses.datetimeStatusUpdate), asc(depotPositionStatuses.id));
}

/** The sale figures of sell orders (for the proceeds of sold depot positions). */
export function saleOrdersById(db: Database, ids: number[]) {
  return db
    .select({
      id: sellOrders.id,
      caskOf: sellOrders.caskOf,
      casesSold: sellOrders.casesSold,
      askPriceBtl: sellOrders.askPriceBtl,
      proceedsNet: sellOrders.proceedsNet,
      settlementToken: sellOrders.settlementToken,
    })
    .from(sellOrders)
    .where(inArray(sellOrders.id, ids));
}

/** Total invested per owner (buy price per bottle × bottles), as decimal strings; "0.00" without positions. */
export async function investmentScores(db: Database, ownerIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({
      ownerId: depotPositions.ownerId,
      total: sql<string>`sum(${depotPositions.buyPriceBtl} * ${depotPositions.caskOf} * ${depotPositions.amount})::numeric(14,2)::text`,
    })
    .from(depotPositions)
    .where(inArray(depotPositions.ownerId, ownerIds))
    .groupBy(depotPositions.ownerId);
  return new Map(rows.map((row) => [row.ownerId, row.total]));
}

export function findUsers(db: Database, ids: number[]) {
  return db.select().from(users).where(inArray(users.id, ids));
}
