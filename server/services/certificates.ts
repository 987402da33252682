/**
 * Issuing storage certificates of paid invoices: every issued certificate is recorded with its
 * content, so `/verify/<fingerprint>` can confirm it, and a new one is issued whenever the
 * content changes (a case entered the warehouse or was sold on the Zweitmarkt). What a certificate
 * says is `certificate-content.ts`.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { countLabel } from '../../src/domain/plural';
import { storageStateLabel } from '../../src/domain/storage-state';
import type { Database, Transaction } from '../db/client';
import { depotPositions, invoicePositions, invoices, storageCertificates } from '../db/schema';
import {
  type CertificateContent,
  contentOf,
  fingerprintOf,
  isPaid,
  storedCases,
} from './certificate-content';
import type { InvoiceRow } from './invoices';

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
