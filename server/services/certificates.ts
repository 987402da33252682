/**
 * Storage certificates of paid invoices: the content (client, positions, storage ids, bonded
 * warehouse in Geneva, 100 % insured, 13.5 °C, 70 % humidity, date), its SHA-256 fingerprint
 * (every issued certificate is recorded, so `/verify/<fingerprint>` can confirm it), and the PDFs
 * of certificate and invoice.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatInvoiceDate } from '../../src/domain/backoffice-invoices';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import type { Database } from '../db/client';
import {
  bottleSizes,
  depotPositions,
  invoicePositions,
  invoices,
  storageCertificates,
  users,
  vintages,
} from '../db/schema';
import { type InvoiceRow, vintageLabelSql } from './invoices';

export const STORAGE_FACTS = {
  warehouse: 'Zollfreilager Genf, Schweiz',
  insurance: '100 % versichert',
  temperature: '13,5 °C',
  humidity: '70 % Luftfeuchtigkeit',
} as const;

export interface CertificateContent {
  /**
   * Version of the fingerprinted payload: absent (1) for certificates without transferred cases,
   * 2 once cases were sold on the Zweitmarkt and are listed as transferred. Certificates issued
   * before keep hashing as they were issued.
   */
  version?: 2;
  invoiceNumber: string;
  client: string;
  issuedAt: string;
  positions: {
    wine: string;
    bottleSize: string;
    cases: number;
    bottlesPerCase: number;
    storageIds: string;
    /** Version 2: cases sold on the Zweitmarkt and transferred to the buyer in the warehouse. */
    transferred?: { cases: number; storageIds: string };
  }[];
  facts: typeof STORAGE_FACTS;
}

const isPaid = (invoice: InvoiceRow) => invoice.stage === 'PAID' || invoice.stage === 'PURCHASED';

const germanDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(date);

async function contentOf(db: Database, invoice: InvoiceRow, issuedAt: Date): Promise<CertificateContent> {
  const [client] = await db.select().from(users).where(eq(users.id, invoice.userId));
  const positions = await db
    .select({ position: invoicePositions, title: vintageLabelSql, bottleSize: bottleSizes.title })
    .from(invoicePositions)
    .innerJoin(vintages, eq(vintages.id, invoicePositions.vintageId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, invoicePositions.bottleSizeId))
    .where(eq(invoicePositions.invoiceId, invoice.id))
    .orderBy(asc(invoicePositions.id));
  const stored = positions.length
    ? await db
        .select({
          invoicePositionId: depotPositions.invoicePositionId,
          storageId: depotPositions.storageId,
          amount: depotPositions.amount,
          // Qualified by hand: inside a select list Drizzle names columns without their table.
          sold: sql<boolean>`("depot_positions"."sell_order_id" is not null and exists (select 1 from depot_position_statuses s where s.depot_position_id = "depot_positions"."id" and s.status = 'SOLD'))`,
        })
        .from(depotPositions)
        .where(
          inArray(
            depotPositions.invoicePositionId,
            positions.map(({ position }) => position.id),
          ),
        )
        .orderBy(asc(depotPositions.id))
    : [];
  const anyTransferred = stored.some((row) => row.sold);
  const idsOf = (rows: typeof stored) =>
    rows
      .filter((row) => row.storageId)
      .map((row) => row.storageId)
      .join(', ');
  return {
    ...(anyTransferred ? { version: 2 as const } : {}),
    invoiceNumber: invoice.invoiceNumber ?? String(invoice.id),
    client: [client?.salutation, client?.title, client?.firstName, client?.lastName]
      .filter(Boolean)
      .join(' '),
    issuedAt: issuedAt.toISOString(),
    positions: positions.map(({ position, title, bottleSize }) => {
      const own = stored.filter((row) => row.invoicePositionId === position.id);
      if (!anyTransferred) {
        return {
          wine: title,
          bottleSize,
          cases: position.amount,
          bottlesPerCase: position.caskOf,
          storageIds: idsOf(own),
        };
      }
      const sold = own.filter((row) => row.sold);
      const soldCases = sold.reduce((sum, row) => sum + row.amount, 0);
      return {
        wine: title,
        bottleSize,
        cases: position.amount - soldCases,
        bottlesPerCase: position.caskOf,
        storageIds: idsOf(own.filter((row) => !row.sold)),
        ...(soldCases > 0 ? { transferred: { cases: soldCases, storageIds: idsOf(sold) } } : {}),
      };
    }),
    facts: STORAGE_FACTS,
  };
}

/** SHA-256 over the canonical JSON of the content (keys in a fixed order). */
export function fingerprintOf(content: CertificateContent): string {
  if (content.version === 2) {
    const canonical = JSON.stringify([
      2,
      content.invoiceNumber,
      content.client,
      content.issuedAt,
      content.positions.map((p) => [
        p.wine,
        p.bottleSize,
        p.cases,
        p.bottlesPerCase,
        p.storageIds,
        p.transferred ? [p.transferred.cases, p.transferred.storageIds] : null,
      ]),
      [content.facts.warehouse, content.facts.insurance, content.facts.temperature, content.facts.humidity],
    ]);
    return createHash('sha256').update(canonical, 'utf8').digest('hex');
  }
  const canonical = JSON.stringify([
    content.invoiceNumber,
    content.client,
    content.issuedAt,
    content.positions.map((p) => [p.wine, p.bottleSize, p.cases, p.bottlesPerCase, p.storageIds]),
    [content.facts.warehouse, content.facts.insurance, content.facts.temperature, content.facts.humidity],
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * The certificate of a paid invoice by its permission token (null for an unknown token or an
 * unpaid invoice). The first call issues it (issue time now) and records it; later calls answer
 * the same certificate while its content is unchanged. When the content has changed (the client's
 * name, storage ids corrected by staff), a new certificate is issued now; the earlier ones stay
 * recorded in `storage_certificates` and keep verifying, marked as replaced.
 */
export async function certificateFor(
  db: Database,
  token: string,
  findByToken: (token: string) => Promise<InvoiceRow | null>,
) {
  const invoice = await findByToken(token);
  if (!invoice || !isPaid(invoice)) return null;
  if (invoice.certificateIssuedAt && invoice.certificateFingerprint) {
    const content = await contentOf(db, invoice, invoice.certificateIssuedAt);
    const fingerprint = fingerprintOf(content);
    if (fingerprint === invoice.certificateFingerprint) return { invoice, content, fingerprint };
  }
  const content = await contentOf(db, invoice, new Date());
  const fingerprint = fingerprintOf(content);
  const issuedAt = new Date(content.issuedAt);
  await db.transaction(async (tx) => {
    await tx
      .insert(storageCertificates)
      .values({ fingerprint, invoiceId: invoice.id, issuedAt, content: { ...content } })
      .onConflictDoNothing();
    await tx
      .update(invoices)
      .set({ certificateFingerprint: fingerprint, certificateIssuedAt: issuedAt })
      .where(eq(invoices.id, invoice.id));
  });
  return { invoice, content, fingerprint };
}

/** What the public verify page may show: no names, only that it is genuine and what it covers. */
export interface VerifiedCertificate {
  issuedAt: string;
  cases: number;
  wines: string[];
  facts: typeof STORAGE_FACTS;
  /** Issue date of the newer certificate of the same invoice that replaces this one, if any. */
  replacedOn: string | null;
}

export async function verifyCertificate(
  db: Database,
  fingerprint: string,
): Promise<VerifiedCertificate | null> {
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) return null;
  const [row] = await db
    .select({ certificate: storageCertificates, invoice: invoices })
    .from(storageCertificates)
    .innerJoin(invoices, eq(invoices.id, storageCertificates.invoiceId))
    .where(eq(storageCertificates.fingerprint, fingerprint));
  if (!row || !isPaid(row.invoice)) return null;
  // The recorded content must still hash to the fingerprint (a changed row is not genuine). Rows
  // from before the history table have no content: theirs is recomputed from the invoice.
  const content =
    (row.certificate.content as CertificateContent | null) ??
    (await contentOf(db, row.invoice, row.certificate.issuedAt));
  if (fingerprintOf(content) !== fingerprint) return null;
  const current = row.invoice.certificateFingerprint;
  return {
    issuedAt: germanDate(row.certificate.issuedAt),
    cases: content.positions.reduce((sum, position) => sum + position.cases, 0),
    wines: content.positions.map(
      (position) => `${position.cases} × ${position.wine} (${position.bottleSize})`,
    ),
    facts: STORAGE_FACTS,
    replacedOn:
      current && current !== fingerprint && row.invoice.certificateIssuedAt
        ? germanDate(row.invoice.certificateIssuedAt)
        : null,
  };
}

function pdfBuffer(build: (doc: PDFKit.PDFDocument) => void | Promise<void>, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Weindepot' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve(build(doc))
      .then(() => doc.end())
      .catch(reject);
  });
}

export async function certificatePdf(
  content: CertificateContent,
  fingerprint: string,
  verifyUrl: string,
): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240 });
  return pdfBuffer((doc) => {
    doc.font('Helvetica-Bold').fontSize(22).fillColor('#5c1a2b').text('Einlagerungszertifikat');
    doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#222');
    doc.text(`Ausgestellt am ${germanDate(new Date(content.issuedAt))} für ${content.client}`);
    doc.text(`Rechnung ${content.invoiceNumber}`);
    doc.moveDown();
    doc.text(
      `Die folgenden Weine lagern im ${content.facts.warehouse}, ${content.facts.insurance}, bei ${content.facts.temperature} und ${content.facts.humidity}.`,
    );
    doc.moveDown();
    for (const position of content.positions) {
      doc.font('Helvetica-Bold').text(`${position.cases} Kiste(n) ${position.wine}`);
      doc
        .font('Helvetica')
        .text(
          `${position.bottlesPerCase} × ${position.bottleSize} je Kiste · Lager-IDs: ${position.storageIds || '–'}`,
        );
      if (position.transferred) {
        doc.text(
          `Verkauft und übertragen (Zweitmarkt): ${position.transferred.cases} Kiste(n) · Lager-IDs: ${position.transferred.storageIds || '–'}`,
        );
      }
      doc.moveDown(0.5);
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Digitaler Fingerabdruck (SHA-256)');
    doc.font('Courier').fontSize(9).text(fingerprint);
    doc.moveDown(0.5).font('Helvetica').fontSize(10).text('Echtheit prüfen (QR-Code oder Adresse):');
    // The address on one line (Courier glyphs are 0.6 em wide), so it can be typed or copied whole.
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const size = Math.min(9, Math.floor((width / (verifyUrl.length * 0.6)) * 10) / 10);
    doc.font('Courier').fontSize(size).text(verifyUrl, { link: verifyUrl, lineBreak: false });
    doc.moveDown(0.5);
    const qrSize = 120;
    if (doc.y + qrSize > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.image(qr, doc.page.margins.left, doc.y, { width: qrSize });
  }, 'Einlagerungszertifikat');
}

export async function invoicePdf(db: Database, invoice: InvoiceRow): Promise<Buffer> {
  const [client] = await db.select().from(users).where(eq(users.id, invoice.userId));
  const positions = await db
    .select({ position: invoicePositions, title: vintageLabelSql })
    .from(invoicePositions)
    .innerJoin(vintages, eq(vintages.id, invoicePositions.vintageId))
    .where(eq(invoicePositions.invoiceId, invoice.id))
    .orderBy(asc(invoicePositions.id));
  const euro = (value: string) => formatEuro(decimalToCents(value));
  return pdfBuffer(
    (doc) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(20)
        .fillColor('#5c1a2b')
        .text(`Rechnung ${invoice.invoiceNumber ?? ''}`);
      doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#222');
      if (client) {
        doc.text(
          [
            client.company,
            `${client.firstName} ${client.lastName}`,
            client.streetAndNumber,
            `${client.postalCode ?? ''} ${client.city ?? ''}`,
          ]
            .filter(Boolean)
            .join('\n'),
        );
      }
      doc
        .moveDown()
        .text(`Rechnungsdatum: ${invoice.invoiceDate ? formatInvoiceDate(invoice.invoiceDate) : '–'}`);
      doc.text('Lieferadresse: Zollfreilager Genf, Schweiz (Originalkiste)');
      doc.moveDown();
      for (const { position, title } of positions) {
        const sum = position.amount * position.caskOf * decimalToCents(position.buyPriceBtl);
        doc.text(
          `${position.amount} × ${title} (${position.caskOf} Flaschen à ${euro(position.buyPriceBtl)}): ${formatEuro(sum)}`,
        );
      }
      doc.moveDown();
      doc.text(`Weine: ${euro(invoice.vintagesSum)}`);
      doc.text(`Logistik: ${euro(invoice.logisticsSum)}`);
      doc.text(`Zustandsbericht: ${euro(invoice.conditionReportSum)}`);
      doc.text(`Einlagerung (Vorauszahlung): ${euro(invoice.upfrontStorageSum)}`);
      doc.text(`Managementgebühr monatlich inkl. MwSt.: ${euro(invoice.managementFeeMonthly)}`);
      doc.font('Helvetica-Bold').text(`Gesamtsumme: ${euro(invoice.overallSum)}`);
      if (invoice.paidAt) doc.font('Helvetica').text(`Bezahlt am ${germanDate(invoice.paidAt)}`);
    },
    `Rechnung ${invoice.invoiceNumber ?? ''}`,
  );
}
