/**
 * Zweitmarkt: clients sell cases from their depot to other clients.
 *
 * 1. `createSellOrder` (client): cases of an IN_BOND position become FOR_SALE (the position is
 *    split when only part of it is offered) and a sell order REQUESTED is recorded.
 * 2. `approveSellOrder` (staff) lists them as an offer of its own (`secondaryMarket`, promoted) with
 *    one tranche that names the seller; `rejectSellOrder` returns the cases and mails the seller.
 * 3. Buyers use the ordinary order list, check and payment. On payment `settleSoldCases` (called
 *    by `invoices.ts` for every reserved part of a seller's tranche) turns the seller's cases SOLD,
 *    records the proceeds and notifies the seller; the buyer's new positions get the sold cases'
 *    storage ids and customs reference.
 * 4. `cancelSellOrder` (client) withdraws a REQUESTED or LISTED order until a buyer's invoice holds
 *    its cases.
 *
 * Every change of a position, a tranche and a sell order happens in one transaction with the
 * position's and the tranche's rows locked, so two requests never offer or sell a case twice.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { currentStatusEntry, type DepotStatus, isEnPrimeur } from '../../src/domain/depot-status';
import { currentMarketValue, type MarketValue, marketValueBasis } from '../../src/domain/market-value';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { countLabel } from '../../src/domain/plural';
import {
  divideStorageIds,
  MAX_ASK_PRICE_BTL_CENTS,
  MAX_REJECT_REASON_LENGTH,
  parseDecimalPrice,
  priceDeviation,
  priceDeviationText,
  proceedsDecimals,
  type SellOrderStatus,
  sellProceeds,
  sellTexts,
} from '../../src/domain/secondary-market';
import type { ServerConfig } from '../config';
import { offerAvailableCasesSql } from '../db/available-cases';
import type { Database, Transaction } from '../db/client';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  offers,
  partialOffers,
  sellOrders,
  users,
  valuations,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { recordAudit } from './audit';
import { reissueCertificatesForPositions } from './certificates';
import { type MutationError, ok, refused } from './errors';
import { enqueueMail } from './mail';
import { composeMail, letterGreeting } from './mail-templates';
import type { OfferRow } from './offers';
import { enqueuePushToUser, notifySoldOutReturn } from './push';
import { settlementContent, settlementFingerprint } from './settlement-pdf';
import { vintageOnSale } from './tranches';

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
async function addStatus(tx: Transaction, positionId: number, status: DepotStatus, at: Date) {
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
async function splitPosition(tx: Transaction, position: DepotPositionRow, cases: number) {
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

// ─── Market value ─────────────────────────────────────────────────────────────

/** The vintage's current market value per bottle of the size (the depot's rule); null without one. */
export async function marketValueOf(
  tx: Transaction | Database,
  vintageId: number,
  bottleSizeId: number,
): Promise<MarketValue | null> {
  const [size] = await tx
    .select({ factor: bottleSizes.factorForLiterPrices })
    .from(bottleSizes)
    .where(eq(bottleSizes.id, bottleSizeId));
  if (!size) return null;
  const rows = await tx
    .select({
      sourceOfValuation: valuations.sourceOfValuation,
      value: valuations.value,
      datetimeCreated: valuations.datetimeCreated,
    })
    .from(valuations)
    .where(eq(valuations.vintageId, vintageId));
  return currentMarketValue(rows, size.factor);
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
  if (askCents === null)
    return refused('INVALID', sellTexts.priceInvalid, 'askPriceBtl', { sellOrder: null });
  if (askCents > MAX_ASK_PRICE_BTL_CENTS)
    return refused('INVALID', sellTexts.priceTooHigh, 'askPriceBtl', { sellOrder: null });
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
    if (!Number.isInteger(input.cases) || input.cases < 1 || input.cases > position.amount) {
      return refused('INVALID_AMOUNT', sellTexts.casesInvalid(position.amount), 'cases', { sellOrder: null });
    }
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
async function returnCases(tx: Transaction, sellOrder: SellOrderRow, now: Date) {
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

async function lockSellOrder(tx: Transaction, sellOrderId: number) {
  const [row] = await tx.select().from(sellOrders).where(eq(sellOrders.id, sellOrderId)).for('update');
  return row ?? null;
}

/** The sell order locked for a decision by staff, refused unless it is still REQUESTED. */
async function lockRequestedSellOrder(tx: Transaction, sellOrderId: number) {
  const sellOrder = await lockSellOrder(tx, sellOrderId);
  if (!sellOrder) return refused('NOT_FOUND', sellTexts.sellOrderUnknown, 'sellOrderId', { sellOrder: null });
  if (sellOrder.status !== 'REQUESTED')
    return refused('INVALID_STATUS', sellTexts.notRequested, 'sellOrderId', { sellOrder });
  return ok({ sellOrder });
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

// ─── Staff: list, approve, reject ────────────────────────────────────────────

/**
 * Staff list a REQUESTED order: a promoted offer of its own (`secondaryMarket`) for that vintage
 * and bottle size at `sellPriceBtl` (default the asking price), with one tranche holding the
 * seller's cases at the asking price (the difference is the house's margin). A sell price below
 * the asking price (the house pays the difference) needs a `reason`, kept in the audit log.
 */
export async function approveSellOrder(
  db: Database,
  actorId: number,
  input: { sellOrderId: number; sellPriceBtl?: string | null; reason?: string | null },
  now: Date = new Date(),
): Promise<SellOrderOutcome> {
  let priceCents: number | null = null;
  if (input.sellPriceBtl != null && input.sellPriceBtl.trim() !== '') {
    priceCents = parseDecimalPrice(input.sellPriceBtl);
    if (priceCents === null)
      return refused('INVALID', sellTexts.priceInvalid, 'sellPriceBtl', { sellOrder: null });
    if (priceCents > MAX_ASK_PRICE_BTL_CENTS)
      return refused('INVALID', sellTexts.priceTooHigh, 'sellPriceBtl', { sellOrder: null });
  }
  const reason = input.reason?.trim() || null;
  if (reason && reason.length > MAX_REJECT_REASON_LENGTH)
    return refused('INVALID', sellTexts.reasonTooLong, 'reason', { sellOrder: null });
  return db.transaction(async (tx) => {
    const locked = await lockRequestedSellOrder(tx, input.sellOrderId);
    if (!locked.success) return locked;
    const sellOrder = locked.sellOrder;
    if (priceCents !== null && priceCents < decimalToCents(sellOrder.askPriceBtl) && !reason) {
      return refused('REASON_REQUIRED', sellTexts.belowAskReasonMissing, 'reason', { sellOrder });
    }
    const sellPriceBtl =
      priceCents === null
        ? sellOrder.askPriceBtl
        : proceedsDecimals({ gross: priceCents, commission: 0, net: 0 }).gross;
    const [position] = await tx
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, sellOrder.depotPositionId));
    const onSaleBefore = await vintageOnSale(tx, sellOrder.vintageId);
    const [offer] = await tx
      .insert(offers)
      .values({
        vintageId: sellOrder.vintageId,
        bottleSizeId: sellOrder.bottleSizeId,
        caskOf: sellOrder.caskOf,
        sellPriceBtl,
        promoteOffer: true,
        // A client's cases are no allocation of the house: none of its scarcity texts apply.
        limitedAvailability: false,
        secondaryMarket: true,
        totalQuantityAvailable: sellOrder.cases,
        datetimeCreated: now,
      })
      .returning();
    if (!offer) throw new Error('Angebot wurde nicht angelegt');
    const [tranche] = await tx
      .insert(partialOffers)
      .values({
        offerId: offer.id,
        sellerUserId: sellOrder.sellerId,
        buyPriceBtl: sellOrder.askPriceBtl,
        quantityAvailable: sellOrder.cases,
        totalQuantityAvailable: sellOrder.cases,
        paid: true,
        mrn: position?.mrn ?? null,
        storageIds: position?.storageId ?? null,
        storageLocation: 'Zollfreilager Genf',
        datetimeCreated: now,
      })
      .returning();
    if (!tranche) throw new Error('Tranche wurde nicht angelegt');
    const [updated] = await tx
      .update(sellOrders)
      .set({ status: 'LISTED', sellPriceBtl, offerId: offer.id, partialOfferId: tranche.id, listedAt: now })
      .where(eq(sellOrders.id, sellOrder.id))
      .returning();
    if (!updated) throw new Error('Verkaufsauftrag verschwunden');
    await recordAudit(tx, {
      actorId,
      entity: 'sell_order',
      entityId: sellOrder.id,
      action: 'approve',
      before: { status: sellOrder.status, sellPriceBtl: sellOrder.sellPriceBtl },
      after: {
        status: updated.status,
        sellPriceBtl,
        offerId: offer.id,
        partialOfferId: tranche.id,
        ...(reason ? { reason } : {}),
      },
    });
    if (!onSaleBefore) await notifySoldOutReturn(tx, sellOrder.vintageId);
    return ok({ sellOrder: updated });
  });
}

/** Staff refuse a REQUESTED order with a reason: the cases return to IN_BOND and the seller is mailed. */
export async function rejectSellOrder(
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
  actorId: number,
  input: { sellOrderId: number; reason: string },
  now: Date = new Date(),
): Promise<SellOrderOutcome> {
  const reason = input.reason.trim();
  if (!reason) return refused('INVALID', sellTexts.reasonMissing, 'reason', { sellOrder: null });
  if (reason.length > MAX_REJECT_REASON_LENGTH)
    return refused('INVALID', sellTexts.reasonTooLong, 'reason', { sellOrder: null });
  return db.transaction(async (tx) => {
    const locked = await lockRequestedSellOrder(tx, input.sellOrderId);
    if (!locked.success) return locked;
    const sellOrder = locked.sellOrder;
    await returnCases(tx, sellOrder, now);
    const [updated] = await tx
      .update(sellOrders)
      .set({ status: 'REJECTED', rejectReason: reason, closedAt: now })
      .where(eq(sellOrders.id, sellOrder.id))
      .returning();
    if (!updated) throw new Error('Verkaufsauftrag verschwunden');
    await recordAudit(tx, {
      actorId,
      entity: 'sell_order',
      entityId: sellOrder.id,
      action: 'reject',
      before: { status: sellOrder.status },
      after: { status: updated.status, rejectReason: reason },
    });
    const [seller] = await tx.select().from(users).where(eq(users.id, sellOrder.sellerId));
    const [wine] = await tx
      .select({ title: vintageLabelSql })
      .from(vintages)
      .where(eq(vintages.id, sellOrder.vintageId));
    if (seller) {
      await enqueueMail(
        tx,
        composeMail(
          seller.email,
          'Ihr Verkaufsauftrag wurde abgelehnt',
          [
            letterGreeting(seller),
            `Ihren Verkaufsauftrag über ${countLabel(sellOrder.cases, 'Kiste')} ${wine?.title ?? ''} zu ${formatEuro(decimalToCents(sellOrder.askPriceBtl))} je Flasche können wir leider nicht in unser Angebot aufnehmen.`,
            `Grund: ${reason}`,
            `${sellOrder.cases === 1 ? 'Ihre Kiste liegt weiterhin sicher im Zollfreilager und steht' : 'Ihre Kisten liegen weiterhin sicher im Zollfreilager und stehen'} wieder in Ihrem Depot. Bei Fragen antworten Sie einfach auf diese E-Mail.`,
          ],
          { url: `${config.publicUrl}/admin/depot`, label: 'Zum Depot' },
        ),
      );
    }
    return ok({ sellOrder: updated });
  });
}

// ─── Buying: own listings, settlement on payment ─────────────────────────────

/** Whether the offer is a Zweitmarkt listing of this client's own cases. */
export async function isOwnListing(
  tx: Transaction | Database,
  userId: number,
  offerId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: partialOffers.id })
    .from(partialOffers)
    .where(and(eq(partialOffers.offerId, offerId), eq(partialOffers.sellerUserId, userId)))
    .limit(1);
  return Boolean(row);
}

/** What the buyer's new position takes over from the sold cases. */
export interface TransferredCases {
  storageIds: string | null;
  mrn: string | null;
  mrnDate: string | null;
}

/**
 * A buyer paid for `cases` cases of a seller's tranche: the seller's cases (the first ones of the
 * offered position) become SOLD, the sell order records the sale and its proceeds (SOLD once every
 * offered case is sold), the seller gets a mail and a push. Answers what the buyer's position
 * takes over; null when the tranche is no Zweitmarkt tranche.
 */
export async function settleSoldCases(
  tx: Transaction,
  config: Pick<ServerConfig, 'publicUrl'>,
  input: { partialOfferId: number; cases: number; paidAt: Date },
): Promise<TransferredCases | null> {
  const [sellOrder] = await tx
    .select()
    .from(sellOrders)
    .where(eq(sellOrders.partialOfferId, input.partialOfferId))
    .for('update');
  if (!sellOrder) return null;
  const [position] = await tx
    .select()
    .from(depotPositions)
    .where(eq(depotPositions.id, sellOrder.depotPositionId))
    .for('update');
  if (!position) throw new Error(`Depotposition ${sellOrder.depotPositionId} des Verkaufsauftrags fehlt`);
  const cases = Math.min(input.cases, position.amount);
  const sold = cases < position.amount ? await splitPosition(tx, position, cases) : position;
  await addStatus(tx, sold.id, 'SOLD', input.paidAt);
  // The seller's storage certificate now lists these cases as transferred.
  await reissueCertificatesForPositions(tx, [sold.id], input.paidAt);
  const casesSold = sellOrder.casesSold + cases;
  const proceeds = proceedsDecimals(
    sellProceeds(casesSold, sellOrder.caskOf, decimalToCents(sellOrder.askPriceBtl)),
  );
  const complete = casesSold >= sellOrder.cases;
  const settlementToken = sellOrder.settlementToken ?? randomBytes(24).toString('base64url');
  await tx
    .update(sellOrders)
    .set({
      casesSold,
      proceedsGross: proceeds.gross,
      commission: proceeds.commission,
      proceedsNet: proceeds.net,
      settlementToken,
      soldAt: input.paidAt,
      ...(complete ? { status: 'SOLD' as const, closedAt: input.paidAt } : {}),
    })
    .where(eq(sellOrders.id, sellOrder.id));
  if (complete) {
    await tx
      .update(offers)
      .set({ archived: true, promoteOffer: false })
      .where(eq(offers.id, sellOrder.offerId ?? 0));
  }
  const [updated] = await tx.select().from(sellOrders).where(eq(sellOrders.id, sellOrder.id));
  if (updated) {
    const content = await settlementContent(tx, updated);
    await tx
      .update(sellOrders)
      .set({ settlementFingerprint: settlementFingerprint(content) })
      .where(eq(sellOrders.id, sellOrder.id));
  }
  const [seller] = await tx.select().from(users).where(eq(users.id, sellOrder.sellerId));
  const [wine] = await tx
    .select({ title: vintageLabelSql })
    .from(vintages)
    .where(eq(vintages.id, sellOrder.vintageId));
  if (seller) {
    const settlementUrl = `${config.publicUrl}/settlement/${settlementToken}`;
    await enqueueMail(
      tx,
      composeMail(
        seller.email,
        'Ihr Wein wurde verkauft',
        [
          letterGreeting(seller),
          `${countLabel(cases, 'Kiste')} ${wine?.title ?? ''} aus Ihrem Depot ${cases === 1 ? 'wurde' : 'wurden'} verkauft. ${cases === 1 ? 'Die Kiste wurde' : 'Die Kisten wurden'} im Zollfreilager an den Käufer übertragen.`,
          `Erlös: ${formatEuro(decimalToCents(proceeds.gross))} abzüglich 3,5 % Verkaufsprovision (${formatEuro(decimalToCents(proceeds.commission))}) = ${formatEuro(decimalToCents(proceeds.net))}. Wir überweisen den Betrag auf Ihr hinterlegtes Konto.`,
        ],
        { url: settlementUrl, label: 'Abrechnung (PDF)' },
      ),
    );
    await enqueuePushToUser(tx, seller.id, {
      title: 'Ihr Wein wurde verkauft',
      body: `${countLabel(cases, 'Kiste')} ${wine?.title ?? ''}: Erlös ${formatEuro(decimalToCents(proceeds.net))} nach Provision.`,
      url: '/admin/depot',
      tag: `sell-order-${sellOrder.id}`,
    });
  }
  return { storageIds: sold.storageId, mrn: sold.mrn, mrnDate: sold.mrnDate };
}

/**
 * For the cancel path of an invoice (CANCELLED): after the generic release has
 * given the invoice's reserved cases back to their tranches, a Zweitmarkt listing among them is
 * LISTED again: its offer is shown again (not archived, promoted). Quantities are not touched here.
 * Answers the ids of the sell orders concerned.
 */
export async function releaseSellOrderCasesForInvoice(tx: Transaction, invoiceId: number): Promise<number[]> {
  const positions = await tx
    .select({ reserved: invoicePositions.reservedTranches })
    .from(invoicePositions)
    .where(and(eq(invoicePositions.invoiceId, invoiceId), isNotNull(invoicePositions.reservedTranches)));
  const trancheIds = positions.flatMap((row) => (row.reserved ?? []).map((part) => part.partialOfferId));
  if (trancheIds.length === 0) return [];
  const listings = await tx
    .select()
    .from(sellOrders)
    .where(and(inArray(sellOrders.partialOfferId, trancheIds), eq(sellOrders.status, 'LISTED')))
    .for('update');
  for (const listing of listings) {
    if (listing.offerId) {
      await tx
        .update(offers)
        .set({ archived: false, promoteOffer: true })
        .where(eq(offers.id, listing.offerId));
    }
  }
  return listings.map((listing) => listing.id);
}

// ─── Comparing prices: the buyer's offer page, the staff's approval ──────────

/**
 * Per vintage and bottle size every offer a client can buy now (not archived, not on request,
 * cases available): the house's and each Zweitmarkt listing, cheapest price per bottle first, the
 * house's first at the same price. Keys are `vintageId:bottleSizeId`.
 */
export async function buyableOffersBySize(
  db: Database | Transaction,
  keys: readonly { vintageId: number; bottleSizeId: number }[],
): Promise<Map<string, OfferRow[]>> {
  const byKey = new Map<string, OfferRow[]>(keys.map((key) => [sizeKey(key), []]));
  if (keys.length === 0) return byKey;
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        inArray(offers.vintageId, [...new Set(keys.map((key) => key.vintageId))]),
        eq(offers.archived, false),
        eq(offers.onRequest, false),
        sql`${offerAvailableCasesSql} > 0`,
      ),
    )
    .orderBy(asc(offers.sellPriceBtl), asc(offers.secondaryMarket), asc(offers.id));
  for (const row of rows) byKey.get(sizeKey(row))?.push(row);
  return byKey;
}

export const sizeKey = (row: { vintageId: number; bottleSizeId: number }) =>
  `${row.vintageId}:${row.bottleSizeId}`;

/** Staff: the latest listed or sold Zweitmarkt prices of a vintage and size, `exceptId` left out. */
export function recentResalePrices(
  db: Database | Transaction,
  input: { vintageId: number; bottleSizeId: number; exceptId: number },
  limit = 5,
) {
  return db
    .select({
      sellOrderId: sellOrders.id,
      status: sellOrders.status,
      sellPriceBtl: sellOrders.sellPriceBtl,
      cases: sellOrders.cases,
      listedAt: sellOrders.listedAt,
      soldAt: sellOrders.soldAt,
    })
    .from(sellOrders)
    .where(
      and(
        eq(sellOrders.vintageId, input.vintageId),
        eq(sellOrders.bottleSizeId, input.bottleSizeId),
        ne(sellOrders.id, input.exceptId),
        isNotNull(sellOrders.sellPriceBtl),
        isNotNull(sellOrders.listedAt),
        or(eq(sellOrders.status, 'LISTED'), eq(sellOrders.status, 'SOLD')),
      ),
    )
    .orderBy(desc(sql`coalesce(${sellOrders.soldAt}, ${sellOrders.listedAt})`), desc(sellOrders.id))
    .limit(limit);
}

// ─── Texts ────────────────────────────────────────────────────────────────────
