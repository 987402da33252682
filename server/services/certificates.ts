/**
 * Storage certificates of paid invoices: the content (client, positions, storage ids, bonded
 * warehouse in Geneva, 100 % insured, 13.5 °C, 70 % humidity, date), its SHA-256 fingerprint
 * (every issued certificate is recorded, so `/verify/<fingerprint>` can confirm it), and the PDFs
 * of certificate and invoice.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { formatInvoiceDate } from '../../src/domain/backoffice-invoices';
import { formatDate } from '../../src/domain/dates';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { lineTotalCents } from '../../src/domain/offer-pricing';
import { countLabel } from '../../src/domain/plural';
import { OFFER_KIND_LABELS, resaleOriginText } from '../../src/domain/secondary-market';
import type { Database, Transaction } from '../db/client';
import {
  bottleSizes,
  depotPositions,
  invoicePositions,
  invoices,
  storageCertificates,
  users,
  vintages,
} from '../db/schema';
import type { PdfDocumentModel } from '../pdf/layout';
import { type InvoiceRow, vintageLabelSql } from './invoices';
import { resaleOriginsByOffer } from './resale-origins';

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

async function contentOf(
  db: Database | Transaction,
  invoice: InvoiceRow,
  issuedAt: Date,
): Promise<CertificateContent> {
  const { client, positions } = await invoiceClientAndPositions(db, invoice);
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
  return db.transaction(async (tx) => ({ invoice, ...(await issueCertificate(tx, invoice, new Date())) }));
}

/** Records the invoice's certificate as it stands at `issuedAt` (already recorded: kept) and makes it the current one. */
async function issueCertificate(tx: Transaction, invoice: InvoiceRow, issuedAt: Date) {
  const content = await contentOf(tx, invoice, issuedAt);
  const fingerprint = fingerprintOf(content);
  await tx
    .insert(storageCertificates)
    .values({ fingerprint, invoiceId: invoice.id, issuedAt, content: { ...content } })
    .onConflictDoNothing();
  await tx
    .update(invoices)
    .set({ certificateFingerprint: fingerprint, certificateIssuedAt: issuedAt })
    .where(eq(invoices.id, invoice.id));
  return { content, fingerprint };
}

/**
 * Zweitmarkt settlement (issue 18): the seller's certificates of the invoices these positions came
 * from are re-issued at `at`, listing the sold cases as transferred (payload version 2). Certificates
 * issued before stay recorded and keep verifying, marked as replaced. Invoices whose certificate
 * was never issued get theirs on the first request, with the same content.
 */
export async function reissueCertificatesForPositions(tx: Transaction, positionIds: number[], at: Date) {
  if (positionIds.length === 0) return;
  const sources = await tx
    .selectDistinct({ invoiceId: invoicePositions.invoiceId })
    .from(depotPositions)
    .innerJoin(invoicePositions, eq(invoicePositions.id, depotPositions.invoicePositionId))
    .where(inArray(depotPositions.id, positionIds));
  if (sources.length === 0) return;
  const issued = await tx
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        sources.map((source) => source.invoiceId),
      ),
    )
    .orderBy(asc(invoices.id));
  for (const invoice of issued) {
    if (isPaid(invoice) && invoice.certificateFingerprint) await issueCertificate(tx, invoice, at);
  }
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
    issuedAt: formatDate(row.certificate.issuedAt),
    cases: content.positions.reduce((sum, position) => sum + position.cases, 0),
    wines: content.positions.map(
      (position) => `${position.cases} × ${position.wine} (${position.bottleSize})`,
    ),
    facts: STORAGE_FACTS,
    replacedOn:
      current && current !== fingerprint && row.invoice.certificateIssuedAt
        ? formatDate(row.invoice.certificateIssuedAt)
        : null,
  };
}

/** The certificate as a document of the shared PDF layout (rendered by the worker pool). */
export function certificateDocument(
  content: CertificateContent,
  fingerprint: string,
  verifyUrl: string,
): PdfDocumentModel {
  const cases = content.positions.reduce((sum, position) => sum + position.cases, 0);
  return {
    title: 'Einlagerungszertifikat',
    metaTitle: `Einlagerungszertifikat ${content.invoiceNumber}`,
    recipient: [content.client],
    facts: [
      { label: 'Rechnung', value: content.invoiceNumber },
      { label: 'Ausgestellt am', value: formatDate(new Date(content.issuedAt)) },
      { label: 'Kisten', value: String(cases) },
    ],
    intro: [
      `Ausgestellt am ${formatDate(new Date(content.issuedAt))} für ${content.client}`,
      `Die folgenden Weine lagern im ${content.facts.warehouse}, ${content.facts.insurance}, bei ${content.facts.temperature} und ${content.facts.humidity}.`,
    ],
    table: {
      columns: [
        { header: 'Wein', width: 35 },
        { header: 'Flaschengröße', width: 18 },
        { header: 'Menge', width: 22 },
        { header: 'Lager-IDs', width: 25 },
      ],
      rows: content.positions.flatMap((position) => [
        [
          position.wine,
          position.bottleSize,
          `${countLabel(position.cases, 'Kiste')} à ${countLabel(position.bottlesPerCase, 'Flasche')}`,
          position.storageIds || '–',
        ],
        ...(position.transferred
          ? [
              [
                'Verkauft und übertragen (Zweitmarkt)',
                '',
                countLabel(position.transferred.cases, 'Kiste'),
                position.transferred.storageIds || '–',
              ],
            ]
          : []),
      ]),
    },
    totals: [],
    notes: [],
    verification: { url: verifyUrl, fingerprint },
  };
}

/** The invoice's client and its positions with wine label and bottle size, in invoice order. */
async function invoiceClientAndPositions(db: Database, invoice: InvoiceRow) {
  const [client] = await db.select().from(users).where(eq(users.id, invoice.userId));
  const positions = await db
    .select({ position: invoicePositions, title: vintageLabelSql, bottleSize: bottleSizes.title })
    .from(invoicePositions)
    .innerJoin(vintages, eq(vintages.id, invoicePositions.vintageId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, invoicePositions.bottleSizeId))
    .where(eq(invoicePositions.invoiceId, invoice.id))
    .orderBy(asc(invoicePositions.id));
  return { client, positions };
}

/** The invoice as a document of the shared PDF layout (rendered by the worker pool). */
export async function invoiceDocument(db: Database, invoice: InvoiceRow): Promise<PdfDocumentModel> {
  const { client, positions } = await invoiceClientAndPositions(db, invoice);
  const euro = (value: string) => formatEuro(decimalToCents(value));
  // A Zweitmarkt position says what it is: a client's cases, where and since when.
  const resales = await resaleOriginsByOffer(
    db,
    positions.map(({ position }) => position.offerId),
  );
  const resaleNotes = positions.flatMap(({ position, title }) => {
    const origin = resales.get(position.offerId);
    return origin ? [`${title} (${OFFER_KIND_LABELS.resale}): ${resaleOriginText(origin)}`] : [];
  });
  return {
    title: `Rechnung ${invoice.invoiceNumber ?? ''}`.trim(),
    metaTitle: `Rechnung ${invoice.invoiceNumber ?? ''}`.trim(),
    recipient: client
      ? [
          client.company ?? '',
          `${client.firstName} ${client.lastName}`,
          client.streetAndNumber ?? '',
          `${client.postalCode ?? ''} ${client.city ?? ''}`.trim(),
        ].filter(Boolean)
      : [],
    facts: [
      { label: 'Rechnungsnummer:', value: invoice.invoiceNumber ?? '–' },
      {
        label: 'Rechnungsdatum:',
        value: invoice.invoiceDate ? formatInvoiceDate(invoice.invoiceDate) : '–',
      },
      ...(invoice.paidAt ? [{ label: 'Bezahlt am:', value: formatDate(invoice.paidAt) }] : []),
    ],
    intro: ['Lieferadresse: Zollfreilager Genf, Schweiz (Originalkiste)'],
    table: {
      columns: [
        { header: 'Wein', width: 40 },
        { header: 'Kisten', width: 10, align: 'right' },
        { header: 'Flaschen je Kiste', width: 16, align: 'right' },
        { header: 'Preis/Flasche', width: 16, align: 'right' },
        { header: 'Summe', width: 18, align: 'right' },
      ],
      rows: positions.map(({ position, title, bottleSize }) => [
        `${title} (${bottleSize})${resales.has(position.offerId) ? ` – ${OFFER_KIND_LABELS.resale}` : ''}`,
        String(position.amount),
        String(position.caskOf),
        euro(position.buyPriceBtl),
        formatEuro(lineTotalCents(position.amount, position.caskOf, position.buyPriceBtl)),
      ]),
    },
    totals: [
      { label: 'Weine:', value: euro(invoice.vintagesSum) },
      { label: 'Logistik:', value: euro(invoice.logisticsSum) },
      { label: 'Zustandsbericht:', value: euro(invoice.conditionReportSum) },
      { label: 'Einlagerung (Vorauszahlung):', value: euro(invoice.upfrontStorageSum) },
      { label: 'Managementgebühr monatlich inkl. MwSt.:', value: euro(invoice.managementFeeMonthly) },
      { label: 'Gesamtsumme:', value: euro(invoice.overallSum), strong: true },
    ],
    notes: [
      ...resaleNotes,
      ...(invoice.paidAt ? [`Bezahlt am ${formatDate(invoice.paidAt)}. Vielen Dank.`] : []),
    ],
    verification: null,
  };
}
