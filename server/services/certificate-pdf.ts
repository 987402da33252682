/** The storage certificate as a PDF document of the shared letterhead layout. */
import { formatDate } from '../../src/domain/dates';
import { casesOfFormat } from '../../src/domain/packaging';
import { confirmedByWarehouseLabel } from '../../src/domain/storage-state';
import { type CompanyDetails, companyFooterLines, companySenderLine } from '../company';
import type { PdfDocumentModel } from '../pdf/layout';
import { type CertificateContent, storedCases } from './certificate-content';

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
      ...(content.warehouseConfirmedOn
        ? [
            `Jede dieser Kisten hat das Lager in seinem signierten Bestandsbericht bestätigt: ${confirmedByWarehouseLabel(content.warehouseConfirmedOn)}.`,
          ]
        : []),
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
              heading: 'Noch nicht vom Lager bestätigt',
              intro: [
                'Diese Weine der Rechnung sind bezahlt und Ihr Eigentum; ihre Einlagerung im Zollfreilager hat das Lager (noch) nicht in seinem Bestandsbericht bestätigt. Dieses Zertifikat bestätigt für sie keine Einlagerung; was am Ausstellungstag über sie bekannt ist:',
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
