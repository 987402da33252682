/**
 * The seller's settlement of a Zweitmarkt sale: gross proceeds at the asking price,
 * 3.5 % sales commission, net proceeds, the sold cases with their storage ids, the seller's name
 * and postal address, and the SHA-256 fingerprint of the content (as the storage certificate has). A document of the shared PDF layout
 * (`server/pdf/layout.ts`), rendered in the worker pool like the invoice and the certificate.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatDate } from '../../src/domain/dates';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { countLabel } from '../../src/domain/plural';
import { formatRate, splitGross, taxCategoryOf } from '../../src/domain/tax';
import { type CompanyDetails, companyFooterLines, companySenderLine } from '../company';
import type { Database, Transaction } from '../db/client';
import { bottleSizes, depotPositions, sellOrders, users, vintages } from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import type { PdfDocumentModel } from '../pdf/layout';
import { postalAddressLines } from './postal-address';

type SellOrderRow = typeof sellOrders.$inferSelect;

export interface SettlementContent {
  /** Version of the fingerprinted payload. */
  version: 1;
  sellOrderId: number;
  seller: string;
  soldAt: string;
  wine: string;
  bottleSize: string;
  bottlesPerCase: number;
  cases: number;
  askPriceBtl: string;
  gross: string;
  commission: string;
  net: string;
  /** The sold cases, one entry per sale (each with its storage ids). */
  lots: { cases: number; storageIds: string }[];
}

/** The settlement as it stands: every sale of the order so far. */
export async function settlementContent(
  db: Database | Transaction,
  sellOrder: SellOrderRow,
): Promise<SettlementContent> {
  const [seller] = await db.select().from(users).where(eq(users.id, sellOrder.sellerId));
  const [wine] = await db
    .select({ title: vintageLabelSql, bottleSize: bottleSizes.title })
    .from(vintages)
    .innerJoin(bottleSizes, eq(bottleSizes.id, sellOrder.bottleSizeId))
    .where(eq(vintages.id, sellOrder.vintageId));
  const lots = await db
    .select({ cases: depotPositions.amount, storageIds: depotPositions.storageId })
    .from(depotPositions)
    .where(
      and(
        eq(depotPositions.sellOrderId, sellOrder.id),
        sql`exists (select 1 from depot_position_statuses s where s.depot_position_id = "depot_positions"."id" and s.status = 'SOLD')`,
      ),
    )
    .orderBy(asc(depotPositions.id));
  return {
    version: 1,
    sellOrderId: sellOrder.id,
    seller: [seller?.salutation, seller?.title, seller?.firstName, seller?.lastName]
      .filter(Boolean)
      .join(' '),
    soldAt: (sellOrder.soldAt ?? sellOrder.createdAt).toISOString(),
    wine: wine?.title ?? '',
    bottleSize: wine?.bottleSize ?? '',
    bottlesPerCase: sellOrder.caskOf,
    cases: sellOrder.casesSold,
    askPriceBtl: sellOrder.askPriceBtl,
    gross: sellOrder.proceedsGross ?? '0.00',
    commission: sellOrder.commission ?? '0.00',
    net: sellOrder.proceedsNet ?? '0.00',
    lots: lots.map((lot) => ({ cases: lot.cases, storageIds: lot.storageIds ?? '' })),
  };
}

/** SHA-256 over the canonical JSON of the content (fields in a fixed order, the version first). */
export function settlementFingerprint(content: SettlementContent): string {
  const canonical = JSON.stringify([
    content.version,
    content.sellOrderId,
    content.seller,
    content.soldAt,
    content.wine,
    content.bottleSize,
    content.bottlesPerCase,
    content.cases,
    content.askPriceBtl,
    content.gross,
    content.commission,
    content.net,
    content.lots.map((lot) => [lot.cases, lot.storageIds]),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

const euro = (value: string) => formatEuro(decimalToCents(value));

/**
 * The seller's address block: the name as the settlement states it, then the postal address of the
 * client's profile as it is today. The address is printed, not fingerprinted: a seller who moves
 * does not turn the settlements they have into "nicht gefunden" (the name is, as before).
 */
export async function settlementRecipient(
  db: Database | Transaction,
  sellOrder: Pick<SellOrderRow, 'sellerId'>,
  content: Pick<SettlementContent, 'seller'>,
): Promise<string[]> {
  const [seller] = await db.select().from(users).where(eq(users.id, sellOrder.sellerId));
  return seller ? postalAddressLines(seller, content.seller) : [content.seller];
}

/** The seller's customer number, printed on the settlement. */
export async function sellerCustomerNumber(
  db: Database | Transaction,
  sellOrder: Pick<SellOrderRow, 'sellerId'>,
): Promise<string | null> {
  const [seller] = await db
    .select({ customerNumber: users.customerNumber })
    .from(users)
    .where(eq(users.id, sellOrder.sellerId));
  return seller?.customerNumber ?? null;
}

/**
 * The settlement as a document of the shared PDF layout (rendered by the worker pool): the sale's
 * facts, the transferred cases with their storage ids, gross − commission = net, and the
 * verification footer with the document id (checked at `verifyUrl`).
 */
export function settlementDocument(
  content: SettlementContent,
  documentId: string,
  verifyUrl: string,
  recipient: string[] = [content.seller],
  /**
   * The business whose service the commission is (sender line, legal footer, the commission's
   * VAT) and the seller's customer number: printed, not fingerprinted, like the address.
   */
  issuedBy?: { company: CompanyDetails; customerNumber: string | null },
): PdfDocumentModel {
  const soldAt = formatDate(new Date(content.soldAt));
  const commission = decimalToCents(content.commission);
  const category = taxCategoryOf('SALES_COMMISSION');
  const commissionTax = splitGross(commission, category.rateBasisPoints);
  const rate = formatRate(category.rateBasisPoints);
  return {
    title: 'Verkaufsabrechnung (Zweitmarkt)',
    metaTitle: `Verkaufsabrechnung ${content.sellOrderId}`,
    metaSubject: 'Verkaufsabrechnung über einen Weinverkauf im Zweitmarkt',
    ...(issuedBy
      ? { sender: companySenderLine(issuedBy.company), footer: companyFooterLines(issuedBy.company) }
      : {}),
    recipient,
    facts: [
      { label: 'Verkaufsauftrag:', value: String(content.sellOrderId) },
      ...(issuedBy?.customerNumber ? [{ label: 'Kundennummer:', value: issuedBy.customerNumber }] : []),
      { label: 'Verkauft am:', value: soldAt },
      { label: 'Kisten:', value: String(content.cases) },
    ],
    intro: [
      `${content.wine}, ${countLabel(content.cases, 'Kiste')} à ${countLabel(content.bottlesPerCase, 'Flasche')} (${content.bottleSize}), verkauft zu ${euro(content.askPriceBtl)} je Flasche über den Zweitmarkt an eine andere Kundin oder einen anderen Kunden.`,
      content.cases === 1
        ? 'Die Kiste wurde im Zollfreilager Genf auf den Käufer übertragen:'
        : 'Die Kisten wurden im Zollfreilager Genf auf den Käufer übertragen:',
    ],
    table: {
      columns: [
        { header: 'Wein', width: 40 },
        { header: 'Menge', width: 20 },
        { header: 'Lager-IDs', width: 40 },
      ],
      rows: content.lots.map((lot) => [content.wine, countLabel(lot.cases, 'Kiste'), lot.storageIds || '–']),
    },
    sections: [
      {
        heading: `Verkaufsprovision: Leistung der ${issuedBy?.company.name ?? 'Weindepot'}`,
        intro: [
          `Für die Vermittlung des Verkaufs berechnen wir 3,5 % des Verkaufserlöses. Die Provision ist unsere Leistung an Sie (${category.label}) und wird vom Verkaufserlös einbehalten.`,
        ],
        table: {
          columns: [
            { header: 'Leistung', width: 34 },
            { header: 'Leistungsdatum', width: 18 },
            { header: 'Netto', width: 16, align: 'right' },
            { header: `Umsatzsteuer ${rate}`, width: 16, align: 'right' },
            { header: 'Brutto', width: 16, align: 'right' },
          ],
          rows: [
            [
              'Verkaufsprovision (Zweitmarkt)',
              soldAt,
              formatEuro(commissionTax.netCents),
              formatEuro(commissionTax.taxCents),
              formatEuro(commission),
            ],
          ],
        },
      },
    ],
    totals: [
      { label: 'Verkaufserlös (brutto)', value: euro(content.gross) },
      { label: 'abzüglich 3,5 % Verkaufsprovision', value: `– ${euro(content.commission)}` },
      { label: `darin Umsatzsteuer ${rate} auf die Provision`, value: formatEuro(commissionTax.taxCents) },
      { label: 'Auszahlungsbetrag (netto)', value: euro(content.net), strong: true },
    ],
    notes: [
      'Der Auszahlungsbetrag wird auf Ihr hinterlegtes Konto überwiesen. Der digitale Fingerabdruck wird über den Inhalt dieser Abrechnung gebildet; unter der angegebenen Adresse lässt sich prüfen, ob die Abrechnung echt ist.',
    ],
    verification: { url: verifyUrl, documentId },
  };
}

export interface VerifiedSettlement {
  sellOrderId: number;
  soldAt: string;
  cases: number;
  wine: string;
  net: string;
}

/**
 * The public check of a settlement's fingerprint: genuine when it is the sell order's current
 * settlement fingerprint and the settlement's content still hashes to it.
 */
export async function verifySettlement(
  db: Database,
  fingerprint: string,
): Promise<VerifiedSettlement | null> {
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) return null;
  const [sellOrder] = await db
    .select()
    .from(sellOrders)
    .where(eq(sellOrders.settlementFingerprint, fingerprint));
  if (!sellOrder || sellOrder.casesSold === 0) return null;
  const content = await settlementContent(db, sellOrder);
  if (settlementFingerprint(content) !== fingerprint) return null;
  return {
    sellOrderId: content.sellOrderId,
    soldAt: formatDate(new Date(content.soldAt)),
    cases: content.cases,
    wine: content.wine,
    net: euro(content.net),
  };
}
