/**
 * The depot: a client's positions with their status history, and the investment score (total
 * invested). Per-client checks live here: a client reads only the positions they own.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, decimalToCents } from '../../src/domain/money';
import type { Database } from '../db/client';
import { depotPositionStatuses, depotPositions, sellOrders, users, valuations } from '../db/schema';
import { clientError } from './errors';

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
 * What the depot reads of a status entry and of a valuation: the fields the API shows and the
 * depot's rules use (issue 19: the ids, change times and transaction ids of 400 statuses and 400
 * valuations per 200-position depot were read, parsed into dates and dropped again).
 */
export type DepotStatusEntryRow = Pick<DepotStatusRow, 'status' | 'datetimeStatusUpdate'>;
export type DepotValuationRow = Pick<
  typeof valuations.$inferSelect,
  'vintageId' | 'sourceOfValuation' | 'value' | 'datetimeCreated'
>;

/** A position with its status history (oldest first), as the depot read answers it. */
export type DepotPositionWithStatuses = DepotPositionRow & { statuses: DepotStatusEntryRow[] };

/** A status entry as `json_build_object` answers it (the time as text). */
interface StatusJson {
  status: DepotStatusRow['status'];
  datetimeStatusUpdate: string;
}

/**
 * The positions owned by `ownerId`, oldest first, each with its status history, in one statement
 * (the history as a JSON array per position; issue 19: one round trip instead of two).
 */
export async function listDepotWithStatuses(
  db: Database,
  ownerId: number,
): Promise<DepotPositionWithStatuses[]> {
  const rows = await db
    .select({
      position: depotPositions,
      statuses: sql<StatusJson[] | string>`(
        select coalesce(json_agg(json_build_object(
                 'status', s.status, 'datetimeStatusUpdate', s.datetime_status_update)
                 order by s.datetime_status_update, s.id), '[]'::json)
        from depot_position_statuses s where s.depot_position_id = depot_positions.id)`,
    })
    .from(depotPositions)
    .where(eq(depotPositions.ownerId, ownerId))
    .orderBy(asc(depotPositions.id));
  return rows.map(({ position, statuses }) => {
    const list: StatusJson[] = typeof statuses === 'string' ? JSON.parse(statuses) : statuses;
    return {
      ...position,
      statuses: list.map((entry) => ({
        status: entry.status,
        datetimeStatusUpdate: new Date(entry.datetimeStatusUpdate),
      })),
    };
  });
}

/** The valuations of every vintage in `ownerId`'s depot, newest first (one statement, no id list). */
export function listDepotValuations(db: Database, ownerId: number): Promise<DepotValuationRow[]> {
  return db
    .select({
      vintageId: valuations.vintageId,
      sourceOfValuation: valuations.sourceOfValuation,
      value: valuations.value,
      datetimeCreated: valuations.datetimeCreated,
    })
    .from(valuations)
    .where(
      inArray(
        valuations.vintageId,
        db
          .select({ vintageId: depotPositions.vintageId })
          .from(depotPositions)
          .where(eq(depotPositions.ownerId, ownerId)),
      ),
    )
    .orderBy(desc(valuations.datetimeCreated), desc(valuations.id));
}

/** Total invested over these positions, as `investmentScores` computes it in SQL ("0.00" for none). */
export function investmentScoreOf(positions: readonly DepotPositionRow[]): string {
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
