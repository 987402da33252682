/** Invoices with their positions (one per purchase), the demo client's depot positions and their status history. */
import { eq } from 'drizzle-orm';
import { centsToDecimal, decimalToCents } from '../../../src/domain/money';
import { proceedsDecimals, sellProceeds } from '../../../src/domain/secondary-market';
import {
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  sellOrders,
} from '../../db/schema';
import { settlementContent, settlementFingerprint } from '../../services/settlement-pdf';
import { type DepotPositionSeed, depotPositionSeeds, pendingInvoicePositionSeeds } from '../data/depot';
import { lookup, offerByKey, trancheKey } from '../derive/catalogue';
import { type InvoiceLine, invoiceSums } from '../derive/invoice-sums';
import { demoInvoicePlan, type PlannedInvoice } from '../derive/invoices';
import { formatCaseNumbers, storagePlan } from '../derive/storage';
import { daysAfter, daysBefore, deterministicToken, isoDate } from '../deterministic';
import type { SeedContext } from './context';

interface PositionLine extends InvoiceLine {
  offerKey: string;
  /** Index in `depotPositionSeeds` when the line became a depot position. */
  depotIndex?: number;
}

function linesOf(invoice: PlannedInvoice): PositionLine[] {
  const fromDepot = invoice.depotIndexes.map((depotIndex) => {
    const position = depotPositionSeeds[depotIndex] as DepotPositionSeed;
    return {
      offerKey: position.offer,
      amount: position.amount,
      caskOf: offerByKey(position.offer).caskOf,
      buyPriceBtl: position.buyPriceBtl,
      conditionReport: false,
      depotIndex,
    };
  });
  const pending = pendingInvoicePositionSeeds
    .filter((position) => position.invoice === invoice.key)
    .map((position) => {
      const offer = offerByKey(position.offer);
      return {
        offerKey: position.offer,
        amount: position.amount,
        caskOf: offer.caskOf,
        buyPriceBtl: offer.sellPriceBtl,
        conditionReport: position.conditionReport,
      };
    });
  return [...fromDepot, ...pending];
}

/** Inserts the invoices in date order; returns the invoice position id of each invoiced depot position. */
async function insertInvoices(context: SeedContext): Promise<Map<number, number>> {
  const { tx, now, ids } = context;
  const positionIdByDepotIndex = new Map<number, number>();
  for (const invoice of demoInvoicePlan(now)) {
    const lines = linesOf(invoice);
    const paid = invoice.stage === 'PAID';
    const [row] = await tx
      .insert(invoices)
      .values({
        userId: lookup(ids.users, invoice.client, 'Kunde'),
        stage: invoice.stage,
        invoiceDate: invoice.invoiceDate,
        invoiceNumber: invoice.invoiceNumber,
        paymentProvider: paid ? 'local' : null,
        providerInvoiceNumber: paid ? `WD-${invoice.invoiceNumber}` : null,
        invoicePdfViewPermissionToken: deterministicToken(`seed-invoice-${invoice.key}`),
        ...invoiceSums(lines),
        createdAt: invoice.createdAt,
        paidAt: invoice.paidAt,
        // The demo clients thanked for their past payments long ago.
        paymentThanksSeenAt: invoice.paidAt,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error(`Rechnung ${invoice.key} wurde nicht angelegt.`);
    ids.invoices.set(invoice.key, row.id);

    for (const line of lines) {
      const offer = offerByKey(line.offerKey);
      const [positionRow] = await tx
        .insert(invoicePositions)
        .values({
          invoiceId: row.id,
          offerId: lookup(ids.offers, line.offerKey, 'Angebot'),
          vintageId: lookup(ids.vintages, offer.vintage, 'Jahrgang'),
          bottleSizeId: lookup(ids.bottleSizes, offer.bottleSize, 'Flaschengröße'),
          amount: line.amount,
          caskOf: line.caskOf,
          buyPriceBtl: line.buyPriceBtl,
          conditionReport: line.conditionReport,
        })
        .returning({ id: invoicePositions.id });
      if (positionRow && line.depotIndex !== undefined)
        positionIdByDepotIndex.set(line.depotIndex, positionRow.id);
    }
  }
  return positionIdByDepotIndex;
}

function statusHistory(position: DepotPositionSeed, now: Date) {
  const purchased = daysBefore(now, position.purchasedDaysAgo);
  const history = [
    { status: 'PURCHASED' as const, at: purchased },
    ...position.later.map(([status, afterDays]) => ({ status, at: daysAfter(purchased, afterDays) })),
  ];
  if (history.some((entry) => entry.at > now)) {
    throw new Error(`Demodaten: Status der Depotposition ${position.offer} liegt in der Zukunft.`);
  }
  return history;
}

export async function insertDepot(context: SeedContext): Promise<void> {
  const { tx, now, ids } = context;
  const invoicePositionIds = await insertInvoices(context);
  const storage = storagePlan();
  for (const [index, position] of depotPositionSeeds.entries()) {
    const offer = offerByKey(position.offer);
    const tranche = offer.tranches[position.tranche];
    if (!tranche) throw new Error(`Demodaten: Tranche ${position.tranche} von ${position.offer} fehlt.`);
    const history = statusHistory(position, now);
    const inBond = history.find((entry) => entry.status === 'IN_BOND');
    const storedWithMrn = inBond && tranche.mrn ? { mrn: tranche.mrn, mrnDate: isoDate(inBond.at) } : {};
    const [row] = await tx
      .insert(depotPositions)
      .values({
        ownerId: lookup(ids.users, position.client ?? 'kunde', 'Kunde'),
        vintageId: lookup(ids.vintages, offer.vintage, 'Jahrgang'),
        offerId: lookup(ids.offers, position.offer, 'Angebot'),
        partialOfferId: lookup(ids.tranches, trancheKey(position.offer, position.tranche), 'Tranche'),
        invoicePositionId: invoicePositionIds.get(index) ?? null,
        bottleSizeId: lookup(ids.bottleSizes, offer.bottleSize, 'Flaschengröße'),
        amount: position.amount,
        caskOf: offer.caskOf,
        buyPriceBtl: position.buyPriceBtl,
        storageId: formatCaseNumbers(storage.depotCases[index] ?? []),
        ...storedWithMrn,
      })
      .returning({ id: depotPositions.id });
    if (!row) throw new Error(`Depotposition ${position.offer} wurde nicht angelegt.`);
    await tx.insert(depotPositionStatuses).values(
      history.map((entry) => ({
        depotPositionId: row.id,
        status: entry.status,
        datetimeStatusUpdate: entry.at,
      })),
    );
    await insertSellOrder(context, row.id, position, history);
  }
}

/**
 * Zweitmarkt: a position that was offered (FOR_SALE) gets its sell order: REQUESTED while still
 * for sale, SOLD with its proceeds once sold. The asking price lies 35 % above the buy price.
 */
async function insertSellOrder(
  context: SeedContext,
  depotPositionId: number,
  position: DepotPositionSeed,
  history: { status: string; at: Date }[],
) {
  const offered = history.find((entry) => entry.status === 'FOR_SALE');
  if (!offered) return;
  const sold = history.find((entry) => entry.status === 'SOLD');
  const offer = offerByKey(position.offer);
  const askCents = Math.round((decimalToCents(position.buyPriceBtl) * 135) / 100);
  const proceeds = proceedsDecimals(sellProceeds(position.amount, offer.caskOf, askCents));
  const [row] = await context.tx
    .insert(sellOrders)
    .values({
      sellerId: lookup(context.ids.users, 'kunde', 'Kunde'),
      depotPositionId,
      vintageId: lookup(context.ids.vintages, offer.vintage, 'Jahrgang'),
      bottleSizeId: lookup(context.ids.bottleSizes, offer.bottleSize, 'Flaschengröße'),
      caskOf: offer.caskOf,
      cases: position.amount,
      askPriceBtl: centsToDecimal(askCents),
      createdAt: offered.at,
      ...(sold
        ? {
            status: 'SOLD' as const,
            casesSold: position.amount,
            sellPriceBtl: centsToDecimal(askCents),
            proceedsGross: proceeds.gross,
            commission: proceeds.commission,
            proceedsNet: proceeds.net,
            settlementToken: deterministicToken(`seed-settlement-${depotPositionId}`),
            listedAt: offered.at,
            soldAt: sold.at,
            closedAt: sold.at,
          }
        : {}),
    })
    .returning();
  if (!row) throw new Error(`Verkaufsauftrag zu ${position.offer} wurde nicht angelegt.`);
  await context.tx
    .update(depotPositions)
    .set({ sellOrderId: row.id })
    .where(eq(depotPositions.id, depotPositionId));
  if (sold) {
    const fingerprint = settlementFingerprint(await settlementContent(context.tx, row));
    await context.tx
      .update(sellOrders)
      .set({ settlementFingerprint: fingerprint })
      .where(eq(sellOrders.id, row.id));
  }
}
