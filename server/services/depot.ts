/**
 * The depot: a client's positions with their status history, and the investment score (total
 * invested). Per-client checks live here: a client reads only the positions they own.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { depotPositionStatuses, depotPositions, sellOrders, users } from '../db/schema';
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
