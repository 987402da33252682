/**
 * What a storage certificate of a paid invoice says and its SHA-256 fingerprint: the client, the
 * cases stored in the bonded warehouse in Geneva with their storage ids, the invoice's other cases
 * apart with their real state, and the storage facts. Which cases count as stored is the one rule
 * of `src/domain/storage-state.ts`. Issuing is in `certificates.ts`, the public check in
 * `certificate-verification.ts`, the PDF in `certificate-pdf.ts`.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { currentStatusEntry } from '../../src/domain/depot-status';
import { INVOICE_STAGES } from '../../src/domain/invoice-stages';
import { type StorageState, storageState, storageStateLabel } from '../../src/domain/storage-state';
import type { Database, Transaction } from '../db/client';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  users,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';

import type { InvoiceRow } from './invoices';
import { warehouseConfirmations } from './warehouse-reports';

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
   * others apart with their state; 4 as 3, stored meaning confirmed by the warehouse's signed
   * stock report of `warehouseConfirmedOn`. Certificates issued before keep hashing as they were issued.
   */
  version?: 2 | 3 | 4;
  /** Version 4: the day of the warehouse's stock report that confirmed the stored cases (`YYYY-MM-DD`). */
  warehouseConfirmedOn?: string;
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

export const isPaid = (invoice: InvoiceRow) => INVOICE_STAGES[invoice.stage].paid;

/** The cases of a depot position that came from one invoice position, with their state at `now`. */
export interface CaseLot {
  invoicePositionId: number | null;
  cases: number;
  storageId: string | null;
  state: StorageState;
}

/** The depot positions bought with these invoice positions (oldest first), each with its state today. */
export async function caseLotsOf(
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
  const confirmations = await warehouseConfirmations(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => ({
    invoicePositionId: row.invoicePositionId,
    cases: row.amount,
    storageId: row.storageId,
    state: storageState(
      {
        status:
          currentStatusEntry(statuses.filter((entry) => entry.depotPositionId === row.id))?.status ?? null,
        warehouseConfirmedOn: confirmations.get(row.id) ?? null,
        enPrimeurDeliveryDate: row.enPrimeurDeliveryDate,
      },
      now,
    ),
  }));
}

export const casesIn = (lots: readonly CaseLot[]) => lots.reduce((sum, lot) => sum + lot.cases, 0);
export const idsOf = (lots: readonly CaseLot[]) =>
  lots
    .filter((lot) => lot.storageId)
    .map((lot) => lot.storageId)
    .join(', ');

/** The lots grouped by a label of their state, in first-seen order, with their cases added up. */
export function byLabel(lots: readonly CaseLot[], label: (state: StorageState) => string) {
  const groups = new Map<string, number>();
  for (const lot of lots) groups.set(label(lot.state), (groups.get(label(lot.state)) ?? 0) + lot.cases);
  return [...groups].map(([state, cases]) => ({ cases, state }));
}

/** The certificate of the invoice as it stands at `now`, dated `issuedAt` (payload version 4). */
export async function contentOf(
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
  const confirmedOn = lots
    .flatMap((lot) => (lot.state.kind === 'STORED' ? [lot.state.confirmedOn] : []))
    .sort()
    .at(-1);
  return {
    version: 4,
    warehouseConfirmedOn: confirmedOn ?? '',
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

export const clientName = (client: typeof users.$inferSelect | undefined) =>
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
  if (content.version === 3 || content.version === 4) {
    canonical = JSON.stringify([
      content.version,
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
      ...(content.version === 4 ? [content.warehouseConfirmedOn ?? ''] : []),
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

/**
 * The content of a certificate recorded before the history table (no content kept), as it was
 * computed then: version 1, every case of the invoice listed as stored, or version 2 once cases
 * were sold (listed as transferred).
 */
export async function legacyContentOf(
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

/** The invoice's client and its positions with wine label and bottle size, in invoice order. */
export async function invoiceClientAndPositions(db: Database | Transaction, invoice: InvoiceRow) {
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
