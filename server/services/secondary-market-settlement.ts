/**
 * The Zweitmarkt side of a buyer's invoice: a buyer never gets their own listing, payment settles
 * the seller's cases (SOLD, proceeds, certificate, mail and push), and a cancelled invoice shows
 * the listing again.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { countLabel } from '../../src/domain/plural';
import { proceedsDecimals, sellProceeds } from '../../src/domain/secondary-market';
import type { ServerConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import {
  depotPositions,
  invoicePositions,
  offers,
  partialOffers,
  sellOrders,
  users,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { reissueCertificatesForPositions } from './certificates';
import { enqueueMail } from './mail';
import { composeMail, letterGreeting } from './mail-templates';
import { enqueuePushToUser } from './push';
import { addStatus, splitPosition } from './secondary-market';
import { settlementContent, settlementFingerprint } from './settlement-pdf';

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
