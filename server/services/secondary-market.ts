/**
 * Zweitmarkt: clients sell cases from their depot to other clients.
 *
 * 1. `createSellOrder` (client, here): cases of an IN_BOND position become FOR_SALE (the position
 *    is split when only part of it is offered) and a sell order REQUESTED is recorded.
 * 2. `approveSellOrder` (staff, `secondary-market-review.ts`) lists them as an offer of its own
 *    (`secondaryMarket`, promoted) with one tranche that names the seller; `rejectSellOrder`
 *    returns the cases and mails the seller.
 * 3. Buyers use the ordinary order list, check and payment. On payment `settleSoldCases`
 *    (`secondary-market-settlement.ts`, called by `invoice-payment-results.ts` for every reserved
 *    part of a seller's tranche) turns the seller's cases SOLD, records the proceeds and notifies
 *    the seller; the buyer's new positions get the sold cases' storage ids and customs reference.
 * 4. `cancelSellOrder` (client, here) withdraws a REQUESTED or LISTED order until a buyer's
 *    invoice holds its cases.
 *
 * Market values and the price comparisons of buyers and staff are in `secondary-market-prices.ts`.
 *
 * Every change of a position, a tranche and a sell order happens in one transaction with the
 * position's and the tranche's rows locked, so two requests never offer or sell a case twice.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { currentStatusEntry, type DepotStatus, isEnPrimeur } from '../../src/domain/depot-status';
import { marketValueBasis } from '../../src/domain/market-value';
import {
  askPriceProblem,
  divideStorageIds,
  parseDecimalPrice,
  priceDeviation,
  priceDeviationText,
  proceedsDecimals,
  type SellOrderStatus,
  sellCasesProblem,
  sellTexts,
} from '../../src/domain/secondary-market';
import type { Database, Transaction } from '../db/client';
import {
  depotPositionStatuses,
  depotPositions,
  offers,
  partialOffers,
  sellOrders,
  vintages,
} from '../db/schema';
import { type MutationError, ok, refused } from './errors';
import { marketValueOf } from './secondary-market-prices';

export type SellOrderRow = typeof sellOrders.$inferSelect;
type DepotPositionRow = typeof depotPositions.$inferSelect;

export type SellOrderOutcome =
  | { success: true; errors: []; sellOrder: SellOrderRow }
  | { success: false; errors: MutationError[]; sellOrder: SellOrderRow | null };

// ─── Status entries ───────────────────────────────────────────────────────────

async function statusesOf(tx: Transaction, positionId: number) {
  return tx
    .select()
    .from(depotPositionStatuses)
    .where(eq(depotPositionStatuses.depotPositionId, positionId))
    .orderBy(asc(depotPositionStatuses.datetimeStatusUpdate), asc(depotPositionStatuses.id));
}

/**
 * Adds a status entry that becomes the current one: at `at`, or just after the latest entry when
 * that lies later (demo data may carry entries dated ahead of the clock).
 */
export async function addStatus(tx: Transaction, positionId: number, status: DepotStatus, at: Date) {
  const latest = currentStatusEntry(await statusesOf(tx, positionId));
  const after = latest ? new Date(latest.datetimeStatusUpdate).getTime() + 1 : 0;
  const when = new Date(Math.max(at.getTime(), after));
  await tx
    .insert(depotPositionStatuses)
    .values({ depotPositionId: positionId, status, datetimeStatusUpdate: when });
  return when;
}

/**
 * Splits `cases` cases off a position: the new position copies owner, wine, prices, tranche,
 * invoice position link, customs reference and status history, and takes the first `cases`
 * storage ids; the original keeps the rest. Answers the new position.
 */
export async function splitPosition(tx: Transaction, position: DepotPositionRow, cases: number) {
  const ids = divideStorageIds(position.storageId, position.amount, cases);
  const { id: _id, ...copy } = position;
  const [split] = await tx
    .insert(depotPositions)
    .values({ ...copy, amount: cases, storageId: ids.taken })
    .returning();
  if (!split) throw new Error('Depotposition wurde nicht geteilt');
  await tx
    .update(depotPositions)
    .set({ amount: position.amount - cases, storageId: ids.kept })
    .where(eq(depotPositions.id, position.id));
  const history = await statusesOf(tx, position.id);
  if (history.length > 0) {
    await tx.insert(depotPositionStatuses).values(
      history.map((entry) => ({
        depotPositionId: split.id,
        status: entry.status,
        datetimeStatusUpdate: entry.datetimeStatusUpdate,
      })),
    );
  }
  return split;
}

// ─── Client: sell request, own orders, withdraw ──────────────────────────────

/**
 * A client offers `cases` cases of an own IN_BOND position (not en primeur) at `askPriceBtl` per
 * bottle. The offered cases become FOR_SALE (split off when only part is offered). A price outside
 * the band around the market value (`priceDeviation`) needs `confirmDeviation`, whichever client
 * sends it.
 */
export async function createSellOrder(
  db: Database,
  sellerId: number,
  input: { depotPositionId: number; cases: number; askPriceBtl: string; confirmDeviation?: boolean | null },
  now: Date = new Date(),
): Promise<SellOrderOutcome> {
  const askCents = parseDecimalPrice(String(input.askPriceBtl));
  const priceProblem = askPriceProblem(askCents);
  if (priceProblem || askCents === null)
    return refused('INVALID', priceProblem ?? sellTexts.priceInvalid, 'askPriceBtl', { sellOrder: null });
  return db.transaction(async (tx) => {
    const [position] = await tx
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, input.depotPositionId))
      .for('update');
    // Someone else's position answers like an unknown one: its existence is not revealed.
    if (!position || position.ownerId !== sellerId) {
      return refused('NOT_FOUND', sellTexts.positionUnknown, 'depotPositionId', { sellOrder: null });
    }
    const current = currentStatusEntry(await statusesOf(tx, position.id));
    if (current?.status !== 'IN_BOND')
      return refused('NOT_IN_BOND', sellTexts.notInBond, 'depotPositionId', { sellOrder: null });
    const [vintage] = await tx
      .select({ enPrimeurDeliveryDate: vintages.enPrimeurDeliveryDate })
      .from(vintages)
      .where(eq(vintages.id, position.vintageId));
    if (isEnPrimeur(vintage?.enPrimeurDeliveryDate, now)) {
      return refused('EN_PRIMEUR', sellTexts.enPrimeur, 'depotPositionId', { sellOrder: null });
    }
    const casesProblem = sellCasesProblem(input.cases, position.amount);
    if (casesProblem) return refused('INVALID_AMOUNT', casesProblem, 'cases', { sellOrder: null });
    if (input.confirmDeviation !== true) {
      const market = await marketValueOf(tx, position.vintageId, position.bottleSizeId);
      const deviation = priceDeviation(askCents, market?.valueBtl ?? null);
      if (deviation && market) {
        const text = priceDeviationText(deviation, marketValueBasis(market.source, market.day));
        return refused('PRICE_DEVIATION', sellTexts.priceDeviation(text), 'askPriceBtl', { sellOrder: null });
      }
    }
    const offered = input.cases < position.amount ? await splitPosition(tx, position, input.cases) : position;
    const [sellOrder] = await tx
      .insert(sellOrders)
      .values({
        sellerId,
        depotPositionId: offered.id,
        vintageId: offered.vintageId,
        bottleSizeId: offered.bottleSizeId,
        caskOf: offered.caskOf,
        cases: input.cases,
        askPriceBtl: proceedsDecimals({ gross: askCents, commission: 0, net: 0 }).gross,
        createdAt: now,
      })
      .returning();
    if (!sellOrder) throw new Error('Verkaufsauftrag wurde nicht angelegt');
    await tx
      .update(depotPositions)
      .set({ sellOrderId: sellOrder.id })
      .where(eq(depotPositions.id, offered.id));
    await addStatus(tx, offered.id, 'FOR_SALE', now);
    return ok({ sellOrder });
  });
}

const statusOrder = sql`case ${sellOrders.status} when 'REQUESTED' then 0 when 'LISTED' then 1 when 'SOLD' then 2 else 3 end`;

/** Sell orders of one seller, or of everyone (staff, `sellerId` null); open ones first, newest first. */
export function listSellOrders(
  db: Database,
  filter: { sellerId?: number | null; status?: SellOrderStatus | null },
): Promise<SellOrderRow[]> {
  const conditions = [
    ...(filter.sellerId ? [eq(sellOrders.sellerId, filter.sellerId)] : []),
    ...(filter.status ? [eq(sellOrders.status, filter.status)] : []),
  ];
  return db
    .select()
    .from(sellOrders)
    .where(and(...conditions))
    .orderBy(statusOrder, desc(sellOrders.createdAt), desc(sellOrders.id));
}

export function sellOrdersByIds(db: Database, ids: readonly number[]): Promise<SellOrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sellOrders)
    .where(inArray(sellOrders.id, [...ids]));
}

export async function findSellOrderBySettlementToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) return null;
  const [row] = await db.select().from(sellOrders).where(eq(sellOrders.settlementToken, token));
  return row ?? null;
}

/** The cases go back to IN_BOND and the position no longer points at the order. */
export async function returnCases(tx: Transaction, sellOrder: SellOrderRow, now: Date) {
  await tx
    .update(depotPositions)
    .set({ sellOrderId: null })
    .where(eq(depotPositions.id, sellOrder.depotPositionId));
  await addStatus(tx, sellOrder.depotPositionId, 'IN_BOND', now);
}

/** Takes a listing off the offers: its tranche holds no cases any more and the offer is archived. */
async function unlist(tx: Transaction, sellOrder: SellOrderRow) {
  if (sellOrder.partialOfferId) {
    await tx
      .update(partialOffers)
      .set({ quantityAvailable: 0, totalQuantityAvailable: 0, lifecycle: 'ARCHIVED' })
      .where(eq(partialOffers.id, sellOrder.partialOfferId));
  }
  if (sellOrder.offerId) {
    await tx
      .update(offers)
      .set({ archived: true, promoteOffer: false, totalQuantityAvailable: 0 })
      .where(eq(offers.id, sellOrder.offerId));
  }
}

/** Whether cases of the listing are held by a buyer's invoice (reserved, or already sold). */
async function casesHeldByBuyer(tx: Transaction, sellOrder: SellOrderRow): Promise<boolean> {
  if (!sellOrder.partialOfferId) return false;
  const [tranche] = await tx
    .select()
    .from(partialOffers)
    .where(eq(partialOffers.id, sellOrder.partialOfferId))
    .for('update');
  return (
    Boolean(tranche && tranche.quantityAvailable < sellOrder.cases - sellOrder.casesSold) ||
    sellOrder.casesSold > 0
  );
}

export async function lockSellOrder(tx: Transaction, sellOrderId: number) {
  const [row] = await tx.select().from(sellOrders).where(eq(sellOrders.id, sellOrderId)).for('update');
  return row ?? null;
}

/** The seller withdraws a REQUESTED or LISTED order, unless a buyer's invoice already holds its cases. */
export async function cancelSellOrder(
  db: Database,
  sellerId: number,
  sellOrderId: number,
  now: Date = new Date(),
): Promise<SellOrderOutcome> {
  return db.transaction(async (tx) => {
    const sellOrder = await lockSellOrder(tx, sellOrderId);
    if (!sellOrder || sellOrder.sellerId !== sellerId) {
      return refused('NOT_FOUND', sellTexts.sellOrderUnknown, 'sellOrderId', { sellOrder: null });
    }
    if (sellOrder.status !== 'REQUESTED' && sellOrder.status !== 'LISTED') {
      return refused('NOT_CANCELLABLE', sellTexts.cancelNotPossible, 'sellOrderId', { sellOrder });
    }
    if (sellOrder.status === 'LISTED' && (await casesHeldByBuyer(tx, sellOrder))) {
      return refused('RESERVED', sellTexts.cancelReserved, 'sellOrderId', { sellOrder });
    }
    await unlist(tx, sellOrder);
    await returnCases(tx, sellOrder, now);
    const [updated] = await tx
      .update(sellOrders)
      .set({ status: 'CANCELLED', closedAt: now })
      .where(eq(sellOrders.id, sellOrder.id))
      .returning();
    if (!updated) throw new Error('Verkaufsauftrag verschwunden');
    return ok({ sellOrder: updated });
  });
}
