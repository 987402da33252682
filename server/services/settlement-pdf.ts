/**
 * The seller's settlement of a Zweitmarkt sale (issue 18): gross proceeds at the asking price,
 * 3.5 % sales commission, net proceeds, the sold cases with their storage ids, and the SHA-256
 * fingerprint of the content (as the storage certificate has). Built with pdfkit like the invoice
 * and certificate PDFs; kept in its own module so it can move onto the shared PDF layout/worker.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import type { Database, Transaction } from '../db/client';
import { bottleSizes, depotPositions, type sellOrders, users, vintages } from '../db/schema';
import { vintageLabelSql } from './invoices';

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

const germanDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(date);

const euro = (value: string) => formatEuro(decimalToCents(value));

export function settlementPdf(content: SettlementContent, fingerprint: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = `Verkaufsabrechnung ${content.sellOrderId}`;
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Weindepot' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.font('Helvetica-Bold').fontSize(22).fillColor('#5c1a2b').text('Verkaufsabrechnung (Zweitmarkt)');
    doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#222');
    doc.text(
      `Verkaufsauftrag Nr. ${content.sellOrderId} · verkauft am ${germanDate(new Date(content.soldAt))}`,
    );
    doc.text(`Verkäufer: ${content.seller}`, { width });
    doc.moveDown();
    doc.font('Helvetica-Bold').text(content.wine, { width });
    doc
      .font('Helvetica')
      .text(
        `${content.cases} ${content.cases === 1 ? 'Kiste' : 'Kisten'} à ${content.bottlesPerCase} × ${content.bottleSize}, ${euro(content.askPriceBtl)} je Flasche`,
        { width },
      );
    doc.moveDown();
    const row = (label: string, value: string, bold = false) => {
      const y = doc.y;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .text(label, doc.page.margins.left, y, { width: width - 140 });
      doc.text(value, doc.page.margins.left + width - 140, y, { width: 140, align: 'right' });
    };
    row('Verkaufserlös (brutto)', euro(content.gross));
    row('abzüglich 3,5 % Verkaufsprovision', `− ${euro(content.commission)}`);
    doc
      .moveTo(doc.page.margins.left, doc.y + 2)
      .lineTo(doc.page.margins.left + width, doc.y + 2)
      .strokeColor('#999')
      .stroke();
    doc.moveDown(0.4);
    row('Auszahlungsbetrag (netto)', euro(content.net), true);
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .text('Übertragene Kisten (Lager-IDs im Zollfreilager Genf)', doc.page.margins.left);
    doc.font('Helvetica');
    for (const lot of content.lots) {
      doc.text(`${lot.cases} ${lot.cases === 1 ? 'Kiste' : 'Kisten'}: ${lot.storageIds || '–'}`, { width });
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Digitaler Fingerabdruck (SHA-256)');
    doc.font('Courier').fontSize(9).text(fingerprint, { width });
    doc.moveDown(0.5).font('Helvetica').fontSize(9).fillColor('#555');
    doc.text(
      'Der Fingerabdruck wird über den Inhalt dieser Abrechnung gebildet; Weindepot bestätigt auf Anfrage, dass er zu dieser Abrechnung gehört.',
      { width },
    );
    doc.end();
  });
}
