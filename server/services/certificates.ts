/**
 * Storage certificates of paid invoices: the content (client, the cases stored in the bonded
 * warehouse in Geneva with their storage ids, the invoice's other cases apart with their real
 * state, 100 % insured, 13.5 °C, 70 % humidity, date), its SHA-256 fingerprint (every issued
 * certificate is recorded, so `/verify/<fingerprint>` can confirm it and compare it with the
 * cases' state today), and the PDFs of certificate and invoice. Which cases count as stored is
 * the one rule of `src/domain/storage-state.ts`.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { formatDate } from '../../src/domain/dates';
import { currentStatusEntry } from '../../src/domain/depot-status';
import { casesOfFormat } from '../../src/domain/packaging';
import { countLabel } from '../../src/domain/plural';
import {
  currentStorageLabel,
  type StorageState,
  storageState,
  storageStateLabel,
} from '../../src/domain/storage-state';
import { type CompanyDetails, companyFooterLines, companySenderLine } from '../company';
import type { Database, Transaction } from '../db/client';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  storageCertificates,
  users,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import type { PdfDocumentModel } from '../pdf/layout';

type InvoiceRow = typeof invoices.$inferSelect;

export const STORAGE_FACTS = {
  warehouse: 'Zollfreilager Genf, Schweiz',
  insurance: '100 % versichert',
  temperature: '13,5 °C',
  humidity: '70 % Luftfeuchtigkeit',
} as const;

export interface CertificateContent {
  /**
   * Version of the fingerprinted payload: absent (1) for the first certificates, which listed
   * every case of the invoice as stored; 2 once cases were sold on the Zweitmarkt and are listed
   * as transferred; 3 lists as stored only the cases that count as stored and the
   * others apart with their state. Certificates issued before keep hashing as they were issued.
   */
  version?: 2 | 3;
  invoiceNumber: string;
  client: string;
  issuedAt: string;
  /** One entry per invoice position, in invoice order (the verify page relies on the order). */
  positions: {
    wine: string;
    bottleSize: string;
    /** Versions 1 and 2: the cases listed as stored (all, resp. all not sold); 3: the stored ones. */
    cases: number;
    bottlesPerCase: number;
    /** Storage ids of those cases. */
    storageIds: string;
    /** Versions 2 and 3: cases sold on the Zweitmarkt and transferred to the buyer in the warehouse. */
    transferred?: { cases: number; storageIds: string };
    /** Version 3: cases of the position not stored when the certificate was issued, by their state. */
    pending?: { cases: number; state: string }[];
  }[];
  facts: typeof STORAGE_FACTS;
}

const isPaid = (invoice: InvoiceRow) => invoice.stage === 'PAID' || invoice.stage === 'PURCHASED';

/** The cases of a depot position that came from one invoice position, with their state at `now`. */
interface CaseLot {
  invoicePositionId: number | null;
  cases: number;
  storageId: string | null;
  state: StorageState;
}

/** The depot positions bought with these invoice positions (oldest first), each with its state today. */
async function caseLotsOf(
  db: Database | Transaction,
  invoicePositionIds: number[],
  now: Date,
): Promise<CaseLot[]> {
  if (invoicePositionIds.length === 0) return [];
  const rows = await db
    .select({
      id: depotPositions.id,
      invoicePositionId: depotPositions.invoicePositionId,
      amount: depotPositions.amount,
      storageId: depotPositions.storageId,
      mrn: depotPositions.mrn,
      enPrimeurDeliveryDate: vintages.enPrimeurDeliveryDate,
    })
    .from(depotPositions)
    .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
    .where(inArray(depotPositions.invoicePositionId, invoicePositionIds))
    .orderBy(asc(depotPositions.id));
  const statuses = rows.length
    ? await db
        .select({
          depotPositionId: depotPositionStatuses.depotPositionId,
          status: depotPositionStatuses.status,
          datetimeStatusUpdate: depotPositionStatuses.datetimeStatusUpdate,
        })
        .from(depotPositionStatuses)
        .where(
          inArray(
            depotPositionStatuses.depotPositionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(depotPositionStatuses.datetimeStatusUpdate), asc(depotPositionStatuses.id))
    : [];
  return rows.map((row) => ({
    invoicePositionId: row.invoicePositionId,
    cases: row.amount,
    storageId: row.storageId,
    state: storageState(
      {
        status:
          currentStatusEntry(statuses.filter((entry) => entry.depotPositionId === row.id))?.status ?? null,
        hasMrn: Boolean(row.mrn?.trim()),
        enPrimeurDeliveryDate: row.enPrimeurDeliveryDate,
      },
      now,
    ),
  }));
}

const casesIn = (lots: readonly CaseLot[]) => lots.reduce((sum, lot) => sum + lot.cases, 0);
const idsOf = (lots: readonly CaseLot[]) =>
  lots
    .filter((lot) => lot.storageId)
    .map((lot) => lot.storageId)
    .join(', ');

/** The lots grouped by a label of their state, in first-seen order, with their cases added up. */
function byLabel(lots: readonly CaseLot[], label: (state: StorageState) => string) {
  const groups = new Map<string, number>();
  for (const lot of lots) groups.set(label(lot.state), (groups.get(label(lot.state)) ?? 0) + lot.cases);
  return [...groups].map(([state, cases]) => ({ cases, state }));
}

/** The certificate of the invoice as it stands at `now`, dated `issuedAt` (payload version 3). */
async function contentOf(
  db: Database | Transaction,
  invoice: InvoiceRow,
  issuedAt: Date,
  now: Date,
): Promise<CertificateContent> {
  const { client, positions } = await invoiceClientAndPositions(db, invoice);
  const lots = await caseLotsOf(
    db,
    positions.map(({ position }) => position.id),
    now,
  );
  return {
    version: 3,
    invoiceNumber: invoice.invoiceNumber ?? String(invoice.id),
    client: clientName(client),
    issuedAt: issuedAt.toISOString(),
    positions: positions.map(({ position, title, bottleSize }) => {
      const own = lots.filter((lot) => lot.invoicePositionId === position.id);
      const stored = own.filter((lot) => lot.state.kind === 'STORED');
      const sold = own.filter((lot) => lot.state.kind === 'SOLD');
      const pending = own.filter((lot) => lot.state.kind !== 'STORED' && lot.state.kind !== 'SOLD');
      return {
        wine: title,
        bottleSize,
        cases: casesIn(stored),
        bottlesPerCase: position.caskOf,
        storageIds: idsOf(stored),
        ...(sold.length ? { transferred: { cases: casesIn(sold), storageIds: idsOf(sold) } } : {}),
        ...(pending.length ? { pending: byLabel(pending, storageStateLabel) } : {}),
      };
    }),
    facts: STORAGE_FACTS,
  };
}

const clientName = (client: typeof users.$inferSelect | undefined) =>
  [client?.salutation, client?.title, client?.firstName, client?.lastName].filter(Boolean).join(' ');

/** The cases a certificate lists as stored. */
export const storedCases = (content: CertificateContent) =>
  content.positions.reduce((sum, position) => sum + position.cases, 0);

const factsOf = (content: CertificateContent) => [
  content.facts.warehouse,
  content.facts.insurance,
  content.facts.temperature,
  content.facts.humidity,
];

/** SHA-256 over the canonical JSON of the content (keys in a fixed order). */
export function fingerprintOf(content: CertificateContent): string {
  let canonical: string;
  if (content.version === 3) {
    canonical = JSON.stringify([
      3,
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
        (p.pending ?? []).map((part) => [part.cases, part.state]),
      ]),
      factsOf(content),
    ]);
  } else if (content.version === 2) {
    canonical = JSON.stringify([
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
      factsOf(content),
    ]);
  } else {
    canonical = JSON.stringify([
      content.invoiceNumber,
      content.client,
      content.issuedAt,
      content.positions.map((p) => [p.wine, p.bottleSize, p.cases, p.bottlesPerCase, p.storageIds]),
      factsOf(content),
    ]);
  }
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** What `/certificate/<token>` answers for a paid invoice. */
export type CertificateAnswer =
  | { kind: 'certificate'; invoice: InvoiceRow; content: CertificateContent; fingerprint: string }
  /**
   * No case of the invoice counts as stored today: no certificate is issued (status 409). Its
   * positions with the state of their cases, and whether every case was sold.
   */
  | {
      kind: 'nothing-stored';
      invoice: InvoiceRow;
      positions: { wine: string; states: string[] }[];
      allSold: boolean;
    };

/**
 * The certificate of a paid invoice by its permission token (null for an unknown token or an
 * unpaid invoice). The first call issues it (issue time now) and records it; later calls answer
 * the same certificate while its content is unchanged. When the content has changed (a case
 * entered the warehouse or was sold, the client's name, storage ids corrected by staff), a new
 * certificate is issued now; the earlier ones stay recorded in `storage_certificates` and keep
 * verifying, marked as replaced. While no case of the invoice counts as stored, no certificate is
 * issued: the answer says so with the cases' states.
 */
export async function certificateFor(
  db: Database,
  token: string,
  findByToken: (token: string) => Promise<InvoiceRow | null>,
  now: Date = new Date(),
): Promise<CertificateAnswer | null> {
  const invoice = await findByToken(token);
  if (!invoice || !isPaid(invoice)) return null;
  if (invoice.certificateIssuedAt && invoice.certificateFingerprint) {
    const content = await contentOf(db, invoice, invoice.certificateIssuedAt, now);
    const fingerprint = fingerprintOf(content);
    if (fingerprint === invoice.certificateFingerprint) {
      return { kind: 'certificate', invoice, content, fingerprint };
    }
  }
  const current = await contentOf(db, invoice, now, now);
  if (storedCases(current) === 0) return nothingStored(invoice, current);
  return db.transaction(async (tx) => {
    const issued = await issueCertificate(tx, invoice, now);
    return issued
      ? { kind: 'certificate' as const, invoice, ...issued }
      : nothingStored(invoice, await contentOf(tx, invoice, now, now));
  });
}

function nothingStored(invoice: InvoiceRow, content: CertificateContent): CertificateAnswer {
  return {
    kind: 'nothing-stored',
    invoice,
    positions: content.positions.map((position) => ({
      wine: `${position.wine} (${position.bottleSize})`,
      states: [
        ...(position.pending ?? []).map((part) => `${countLabel(part.cases, 'Kiste')} ${part.state}`),
        ...(position.transferred
          ? [`${countLabel(position.transferred.cases, 'Kiste')} ${storageStateLabel({ kind: 'SOLD' })}`]
          : []),
      ],
    })),
    allSold: content.positions.every((position) => !position.pending?.length && position.transferred),
  };
}

/**
 * Records the invoice's certificate as it stands at `issuedAt` (already recorded: kept) and makes
 * it the current one; null (nothing recorded) while no case of the invoice counts as stored.
 */
async function issueCertificate(tx: Transaction, invoice: InvoiceRow, issuedAt: Date) {
  const content = await contentOf(tx, invoice, issuedAt, issuedAt);
  if (storedCases(content) === 0) return null;
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
 * Zweitmarkt settlement: the seller's certificates of the invoices these positions came
 * from are re-issued at `at`, listing the sold cases as transferred. Certificates issued before
 * stay recorded and keep verifying, marked as replaced (an invoice none of whose cases is stored
 * any more gets no new one: its earlier certificates' verify page shows the cases as sold).
 * Invoices whose certificate was never issued get theirs on the first request, with the same content.
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

/** One listed position on the verify page: what the certificate said and what is true today. */
export interface VerifiedPosition {
  wine: string;
  /** "2 Kisten eingelagert · 1 Kiste in Zustellung" as the certificate stated it. */
  certified: string;
  /** "1 Kiste eingelagert · 1 Kiste inzwischen verkauft" today. */
  today: string;
  /** Fewer of its cases are stored today than the certificate certified as stored. */
  differs: boolean;
}

/** What the public verify page may show: no names, only that it is genuine and what it covers. */
export interface VerifiedCertificate {
  issuedAt: string;
  /** Cases the certificate certifies as stored. */
  cases: number;
  facts: typeof STORAGE_FACTS;
  /** Issue date of the newer certificate of the same invoice that replaces this one, if any. */
  replacedOn: string | null;
  /** Today's date, the "Stand" of `positions[].today`. */
  asOf: string;
  positions: VerifiedPosition[];
}

/**
 * What a certificate stated about one position (all versions), each part with its Gebinde
 * ("2 Kisten à 6 × 0,75l eingelagert"), as the depot names a holding.
 */
function certifiedText(position: CertificateContent['positions'][number]): string {
  const cases = (count: number) => casesOfFormat(count, position.bottlesPerCase, position.bottleSize);
  const parts = [
    ...(position.cases > 0 ? [`${cases(position.cases)} eingelagert`] : []),
    ...(position.pending ?? []).map((part) => `${cases(part.cases)} ${part.state}`),
    ...(position.transferred ? [`${cases(position.transferred.cases)} verkauft und übertragen`] : []),
  ];
  return parts.join(' · ') || '–';
}

export async function verifyCertificate(
  db: Database,
  fingerprint: string,
  now: Date = new Date(),
): Promise<VerifiedCertificate | null> {
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) return null;
  const [row] = await db
    .select({ certificate: storageCertificates, invoice: invoices })
    .from(storageCertificates)
    .innerJoin(invoices, eq(invoices.id, storageCertificates.invoiceId))
    .where(eq(storageCertificates.fingerprint, fingerprint));
  if (!row || !isPaid(row.invoice)) return null;
  // The recorded content must still hash to the fingerprint (a changed row is not genuine). Rows
  // from before the history table have no content: theirs was version 1, recomputed from the invoice.
  const content =
    (row.certificate.content as CertificateContent | null) ??
    (await legacyContentOf(db, row.invoice, row.certificate.issuedAt));
  if (fingerprintOf(content) !== fingerprint) return null;
  // Today's state of each listed position: its entry i is the invoice's position i.
  const { positions } = await invoiceClientAndPositions(db, row.invoice);
  const lots = await caseLotsOf(
    db,
    positions.map(({ position }) => position.id),
    now,
  );
  const current = row.invoice.certificateFingerprint;
  return {
    issuedAt: formatDate(row.certificate.issuedAt),
    cases: storedCases(content),
    facts: STORAGE_FACTS,
    replacedOn:
      current && current !== fingerprint && row.invoice.certificateIssuedAt
        ? formatDate(row.invoice.certificateIssuedAt)
        : null,
    asOf: formatDate(now),
    positions: content.positions.map((position, index) => {
      const id = positions[index]?.position.id;
      const own = id === undefined ? [] : lots.filter((lot) => lot.invoicePositionId === id);
      const storedToday = casesIn(own.filter((lot) => lot.state.kind === 'STORED'));
      return {
        wine: position.wine,
        certified: certifiedText(position),
        today:
          byLabel(own, currentStorageLabel)
            .map((part) => `${countLabel(part.cases, 'Kiste')} ${part.state}`)
            .join(' · ') || 'nicht mehr im Bestand',
        differs: storedToday < position.cases,
      };
    }),
  };
}

/**
 * The content of a certificate recorded before the history table (no content kept), as it was
 * computed then: version 1, every case of the invoice listed as stored, or version 2 once cases
 * were sold (listed as transferred).
 */
async function legacyContentOf(
  db: Database,
  invoice: InvoiceRow,
  issuedAt: Date,
): Promise<CertificateContent> {
  const { client, positions } = await invoiceClientAndPositions(db, invoice);
  const lots = await caseLotsOf(
    db,
    positions.map(({ position }) => position.id),
    issuedAt,
  );
  const anyTransferred = lots.some((lot) => lot.state.kind === 'SOLD');
  return {
    ...(anyTransferred ? { version: 2 as const } : {}),
    invoiceNumber: invoice.invoiceNumber ?? String(invoice.id),
    client: clientName(client),
    issuedAt: issuedAt.toISOString(),
    positions: positions.map(({ position, title, bottleSize }) => {
      const own = lots.filter((lot) => lot.invoicePositionId === position.id);
      if (!anyTransferred) {
        return {
          wine: title,
          bottleSize,
          cases: position.amount,
          bottlesPerCase: position.caskOf,
          storageIds: idsOf(own),
        };
      }
      const sold = own.filter((lot) => lot.state.kind === 'SOLD');
      return {
        wine: title,
        bottleSize,
        cases: position.amount - casesIn(sold),
        bottlesPerCase: position.caskOf,
        storageIds: idsOf(own.filter((lot) => lot.state.kind !== 'SOLD')),
        ...(sold.length ? { transferred: { cases: casesIn(sold), storageIds: idsOf(sold) } } : {}),
      };
    }),
    facts: STORAGE_FACTS,
  };
}

// The Gebinde in one column, as the depot writes it ("2 Kisten à 6 × 0,75l"): a separate bottle-size
// column was too narrow for its own header beside the state column.
const CASE_COLUMNS = (last: string, lastWidth = 25) => [
  { header: 'Wein', width: 40 },
  { header: 'Gebinde', width: 60 - lastWidth },
  { header: last, width: lastWidth },
];

/**
 * The certificate as a document of the shared PDF layout (rendered by the worker pool): the
 * stored cases under "Die folgenden Weine lagern …", the invoice's cases not (yet) in the
 * warehouse and the ones sold on the Zweitmarkt each in a section of their own, never under it.
 */
export function certificateDocument(
  content: CertificateContent,
  documentId: string,
  verifyUrl: string,
  /**
   * The issuing business (sender line, legal footer) and the client's customer number: printed,
   * not fingerprinted, like the settlement's address (certificates issued before keep verifying).
   */
  issuedBy?: { company: CompanyDetails; customerNumber: string | null },
): PdfDocumentModel {
  const gebinde = (cases: number, position: CertificateContent['positions'][number]) =>
    casesOfFormat(cases, position.bottlesPerCase, position.bottleSize);
  const pending = content.positions.flatMap((position) =>
    (position.pending ?? []).map((part) => [position.wine, gebinde(part.cases, position), part.state]),
  );
  const transferred = content.positions.flatMap((position) =>
    position.transferred
      ? [
          [
            position.wine,
            gebinde(position.transferred.cases, position),
            position.transferred.storageIds || '–',
          ],
        ]
      : [],
  );
  return {
    title: 'Einlagerungszertifikat',
    metaTitle: `Einlagerungszertifikat ${content.invoiceNumber}`,
    metaSubject: 'Einlagerungszertifikat über die im Zollfreilager eingelagerten Weine, mit Echtheitsprüfung',
    ...(issuedBy
      ? { sender: companySenderLine(issuedBy.company), footer: companyFooterLines(issuedBy.company) }
      : {}),
    recipient: [content.client],
    facts: [
      { label: 'Rechnung', value: content.invoiceNumber },
      ...(issuedBy?.customerNumber ? [{ label: 'Kundennummer', value: issuedBy.customerNumber }] : []),
      { label: 'Ausgestellt am', value: formatDate(new Date(content.issuedAt)) },
      { label: 'Kisten im Zollfreilager', value: String(storedCases(content)) },
    ],
    intro: [
      `Ausgestellt am ${formatDate(new Date(content.issuedAt))} für ${content.client}`,
      `Die folgenden Weine lagern im ${content.facts.warehouse}, ${content.facts.insurance}, bei ${content.facts.temperature} und ${content.facts.humidity}.`,
    ],
    table: {
      columns: CASE_COLUMNS('Lager-IDs'),
      rows: content.positions
        .filter((position) => position.cases > 0)
        .map((position) => [position.wine, gebinde(position.cases, position), position.storageIds || '–']),
    },
    sections: [
      ...(pending.length
        ? [
            {
              heading: 'Noch nicht im Zollfreilager',
              intro: [
                'Diese Weine der Rechnung sind bezahlt und Ihr Eigentum, aber noch nicht im Zollfreilager angekommen. Dieses Zertifikat bestätigt für sie keine Einlagerung; ihr Stand am Ausstellungstag:',
              ],
              table: { columns: CASE_COLUMNS('Stand', 31), rows: pending },
            },
          ]
        : []),
      ...(transferred.length
        ? [
            {
              heading: 'Verkauft und übertragen (Zweitmarkt)',
              intro: ['Diese Kisten wurden verkauft und im Zollfreilager auf den Käufer übertragen:'],
              table: { columns: CASE_COLUMNS('Lager-IDs'), rows: transferred },
            },
          ]
        : []),
    ],
    totals: [],
    notes: [],
    verification: { url: verifyUrl, documentId },
  };
}

/** The invoice's client and its positions with wine label and bottle size, in invoice order. */
async function invoiceClientAndPositions(db: Database | Transaction, invoice: InvoiceRow) {
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
