/**
 * Staff decide on a Zweitmarkt sell request: approving lists the seller's cases as an offer of
 * its own, rejecting returns them to the depot and mails the seller the reason.
 */
import { eq } from 'drizzle-orm';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { countLabel } from '../../src/domain/plural';
import {
  MAX_ASK_PRICE_BTL_CENTS,
  MAX_REJECT_REASON_LENGTH,
  parseDecimalPrice,
  proceedsDecimals,
  sellTexts,
} from '../../src/domain/secondary-market';
import type { ServerConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { depotPositions, offers, partialOffers, sellOrders, users, vintages } from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { recordAudit } from './audit';
import { ok, refused } from './errors';
import { enqueueMail } from './mail';
import { composeMail, letterGreeting } from './mail-templates';
import { notifySoldOutReturn } from './push';
import { lockSellOrder, returnCases, type SellOrderOutcome } from './secondary-market';
import { vintageOnSale } from './tranches';

/** The sell order locked for a decision by staff, refused unless it is still REQUESTED. */
async function lockRequestedSellOrder(tx: Transaction, sellOrderId: number) {
  const sellOrder = await lockSellOrder(tx, sellOrderId);
  if (!sellOrder) return refused('NOT_FOUND', sellTexts.sellOrderUnknown, 'sellOrderId', { sellOrder: null });
  if (sellOrder.status !== 'REQUESTED')
    return refused('INVALID_STATUS', sellTexts.notRequested, 'sellOrderId', { sellOrder });
  return ok({ sellOrder });
}

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
