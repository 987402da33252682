/**
 * The public check of a storage certificate by its fingerprint (`/verify/<fingerprint>`): whether
 * it is genuine, whether a newer one replaced it, and what it certified beside what is true today.
 */
import { eq } from 'drizzle-orm';
import { formatDate } from '../../src/domain/dates';
import { casesOfFormat } from '../../src/domain/packaging';
import { countLabel } from '../../src/domain/plural';
import { currentStorageLabel } from '../../src/domain/storage-state';
import type { Database } from '../db/client';
import { invoices, storageCertificates } from '../db/schema';
import {
  byLabel,
  type CertificateContent,
  caseLotsOf,
  casesIn,
  fingerprintOf,
  invoiceClientAndPositions,
  isPaid,
  legacyContentOf,
  STORAGE_FACTS,
  storedCases,
} from './certificate-content';

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
