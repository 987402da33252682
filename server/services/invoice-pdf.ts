/**
 * The invoice, its cancellation invoice and the final invoice of an en-primeur advance payment as
 * documents of the shared PDF layout (rendered by the worker pool), each with every item of
 * § 14 Abs. 4 UStG: supplier (name, address, tax number and VAT id, in the sender line and the
 * footer of every page) and recipient (full name and address, customer number), date and number,
 * quantity and kind of each line with its day of supply, its tax category, the net amounts per
 * rate with rate and tax, and the statutory note of lines not taxable in Germany. A business
 * client's invoice and cancellation invoice carry their e-invoice XML (`e-invoice.ts`) embedded.
 */
import { formatDate } from '../../src/domain/dates';
import { type BilledLine, cancelledLines, supplyDateText } from '../../src/domain/invoice-lines';
import { formatEuro } from '../../src/domain/money';
import { OFFER_KIND_LABELS, resaleOriginText } from '../../src/domain/secondary-market';
import { formatRate, taxBreakdown, taxNotes } from '../../src/domain/tax';
import { isBusinessClient } from '../../src/domain/vat-id';
import { type CompanyDetails, companyFooterLines, companySenderLine } from '../company';
import type { Database } from '../db/client';
import type { users } from '../db/schema';
import type { PdfDocumentModel, PdfFact, PdfTotal } from '../pdf/layout';
import { cancellationEInvoice, finalEInvoice, invoiceEInvoice } from './e-invoice';
import {
  type InvoiceDocumentRow,
  invoiceClient,
  invoiceDay,
  invoiceLinesOf,
  isAdvanceInvoice,
} from './invoice-documents';
import type { InvoiceRow } from './invoices';
import { postalAddressLines } from './postal-address';
import { resaleOriginsByOffer } from './resale-origins';

type Client = typeof users.$inferSelect;

const LINE_COLUMNS = [
  { header: 'Pos.', width: 6 },
  { header: 'Leistung', width: 32 },
  { header: 'Menge', width: 17 },
  { header: 'Liefer-/ Leistungsdatum', width: 19 },
  { header: 'Steuer', width: 11 },
  { header: 'Betrag', width: 15, align: 'right' as const },
];

function lineRows(lines: readonly BilledLine[]): string[][] {
  return lines.map((line, index) => [
    String(index + 1),
    line.perBottle
      ? `${line.description}\nje Flasche ${formatEuro(line.perBottle.priceCents)}`
      : line.description,
    line.quantity,
    supplyDateText(line.supply),
    line.category.label,
    formatEuro(line.grossCents),
  ]);
}

/** Net amount per rate, the tax at each rate, and the total (§ 14 Abs. 4 Nr. 7–8 UStG). */
function taxTotals(lines: readonly BilledLine[], totalLabel: string): PdfTotal[] {
  const rows = taxBreakdown(lines);
  const total = lines.reduce((sum, line) => sum + line.grossCents, 0);
  return [
    ...rows.flatMap((row): PdfTotal[] =>
      row.category.rateBasisPoints === 0
        ? [{ label: `Entgelt ${row.category.label} (${formatRate(0)}):`, value: formatEuro(row.netCents) }]
        : [
            {
              label: `Entgelt netto, ${formatRate(row.category.rateBasisPoints)}:`,
              value: formatEuro(row.netCents),
            },
            {
              label: `Umsatzsteuer ${formatRate(row.category.rateBasisPoints)}:`,
              value: formatEuro(row.taxCents),
            },
          ],
    ),
    { label: totalLabel, value: formatEuro(total), strong: true },
  ];
}

/** The recipient's facts: the customer number, and a business client's VAT id. */
const recipientFacts = (client: Client | null): PdfFact[] => [
  ...(client ? [{ label: 'Kundennummer:', value: client.customerNumber }] : []),
  ...(client && isBusinessClient(client) && client.vatId
    ? [{ label: 'USt-IdNr. Kunde:', value: client.vatId }]
    : []),
];

/** A business client's document carries its e-invoice; the XML's notes are the page's texts. */
async function withEInvoice(
  model: PdfDocumentModel,
  date: string,
  eInvoice: (notes: string[]) => Promise<string | null>,
): Promise<PdfDocumentModel> {
  const xml = await eInvoice([...model.intro, ...model.notes]);
  return xml ? { ...model, facturX: { xml, date, documentType: 'INVOICE' } } : model;
}

/** What every document of the business carries: its sender line and its legal footer. */
const issuer = (company: CompanyDetails) => ({
  sender: companySenderLine(company),
  footer: companyFooterLines(company),
});

const DELIVERY_PLACE = 'Lieferort: Zollfreilager Genf, Schweiz (Originalkiste)';

/** The Zweitmarkt positions say what they are: a client's cases, where and since when. */
async function resaleNotes(db: Database, wines: readonly { offerId: number; title: string }[]) {
  const resales = await resaleOriginsByOffer(
    db,
    wines.map((wine) => wine.offerId),
  );
  return wines.flatMap((wine) => {
    const origin = resales.get(wine.offerId);
    return origin ? [`${wine.title} (${OFFER_KIND_LABELS.resale}): ${resaleOriginText(origin)}`] : [];
  });
}

/** The invoice (an advance-payment invoice when every wine of it is en primeur). */
export async function invoiceDocument(
  db: Database,
  invoice: InvoiceRow,
  company: CompanyDetails,
): Promise<PdfDocumentModel> {
  const client = await invoiceClient(db, invoice);
  const { wines, lines } = await invoiceLinesOf(db, invoice);
  const advance = lines.some((line) => line.supply.kind === 'ADVANCE');
  const kind = isAdvanceInvoice(lines) ? 'Anzahlungsrechnung' : 'Rechnung';
  const number = invoice.invoiceNumber ?? '';
  const model: PdfDocumentModel = {
    title: `${kind} ${number}`.trim(),
    metaTitle: `${kind} ${number}`.trim(),
    metaSubject: `${kind} von ${company.name} über Wein und Einlagerung`,
    ...issuer(company),
    recipient: client ? postalAddressLines(client) : [],
    facts: [
      { label: 'Rechnungsnummer:', value: invoice.invoiceNumber ?? '–' },
      { label: 'Rechnungsdatum:', value: formatDate(invoiceDay(invoice)) },
      ...recipientFacts(client),
      ...(invoice.paidAt ? [{ label: 'Bezahlt am:', value: formatDate(invoice.paidAt) }] : []),
    ],
    intro: [
      DELIVERY_PLACE,
      ...(advance
        ? [
            'En-primeur-Weine werden vor ihrer Lieferung bezahlt: über sie ist dies eine Anzahlungsrechnung (Tag der Zahlung statt des Liefertags, voraussichtliche Lieferung). Sobald ihre Kisten im Zollfreilager eingebucht sind, erhalten Sie die Schlussrechnung.',
          ]
        : []),
    ],
    table: { columns: LINE_COLUMNS, rows: lineRows(lines) },
    totals: taxTotals(lines, 'Gesamtsumme:'),
    notes: [
      ...taxNotes(lines),
      // "Bezahlt am" stands among the facts; a thank-you line here once spilled onto a page of its own.
      ...(await resaleNotes(db, wines)),
    ],
    verification: null,
  };
  return withEInvoice(model, invoiceDay(invoice), (notes) => invoiceEInvoice(db, invoice, company, notes));
}

/** The cancellation invoice: the invoice's lines negated, referring to it, with its own number. */
export async function cancellationInvoiceDocument(
  db: Database,
  invoice: InvoiceRow,
  cancellation: InvoiceDocumentRow,
  company: CompanyDetails,
): Promise<PdfDocumentModel> {
  const client = await invoiceClient(db, invoice);
  const { lines } = await invoiceLinesOf(db, invoice);
  const original = `${invoice.invoiceNumber ?? ''} vom ${formatDate(invoiceDay(invoice))}`;
  const model: PdfDocumentModel = {
    title: `Stornorechnung ${cancellation.number}`,
    metaTitle: `Stornorechnung ${cancellation.number}`,
    metaSubject: `Stornorechnung von ${company.name}: hebt eine Rechnung ganz oder teilweise auf`,
    ...issuer(company),
    recipient: client ? postalAddressLines(client) : [],
    facts: [
      { label: 'Nummer:', value: cancellation.number },
      { label: 'Datum:', value: formatDate(cancellation.issuedOn) },
      { label: 'Storniert wird:', value: `Rechnung ${original}` },
      ...recipientFacts(client),
    ],
    intro: [
      `Hiermit stornieren wir die Rechnung ${original} vollständig.${invoice.cancellationReason ? ` Grund: ${invoice.cancellationReason}` : ''}`,
      DELIVERY_PLACE,
    ],
    table: { columns: LINE_COLUMNS, rows: lineRows(cancelledLines(lines)) },
    totals: taxTotals(cancelledLines(lines), 'Gesamtsumme der Stornierung:'),
    notes: [
      ...taxNotes(lines),
      `Der Betrag der Rechnung ${invoice.invoiceNumber ?? ''} ist nicht zu zahlen; Weine werden aus ihr nicht geliefert.`,
    ],
    verification: null,
  };
  return withEInvoice(model, cancellation.issuedOn, (notes) =>
    cancellationEInvoice(db, invoice, cancellation, company, notes),
  );
}

/**
 * The final invoice of en-primeur wine paid in advance: its lines with the day the cases were
 * booked into the warehouse as the day of supply, less the advance already paid.
 */
export async function finalInvoiceDocument(
  db: Database,
  invoice: InvoiceRow,
  final: InvoiceDocumentRow,
  company: CompanyDetails,
): Promise<PdfDocumentModel> {
  const client = await invoiceClient(db, invoice);
  const { lines } = await invoiceLinesOf(db, invoice);
  const suppliedOn = final.suppliedOn ?? final.issuedOn;
  const supplied = lines
    .filter((line) => line.supply.kind === 'ADVANCE')
    .map((line): BilledLine => ({ ...line, supply: { kind: 'DAY', day: suppliedOn } }));
  const paid = supplied.reduce((sum, line) => sum + line.grossCents, 0);
  const paidTax = taxBreakdown(supplied).reduce((sum, row) => sum + row.taxCents, 0);
  const advance = `${invoice.invoiceNumber ?? ''} vom ${formatDate(invoiceDay(invoice))}`;
  const totals = taxTotals(supplied, 'Gesamtbetrag der Lieferung:');
  const model: PdfDocumentModel = {
    title: `Schlussrechnung ${final.number}`,
    metaTitle: `Schlussrechnung ${final.number}`,
    metaSubject: `Schlussrechnung von ${company.name} nach Anzahlungsrechnung`,
    ...issuer(company),
    recipient: client ? postalAddressLines(client) : [],
    facts: [
      { label: 'Nummer:', value: final.number },
      { label: 'Datum:', value: formatDate(final.issuedOn) },
      { label: 'Anzahlungsrechnung:', value: advance },
      ...recipientFacts(client),
    ],
    intro: [
      `Die En-primeur-Weine der Anzahlungsrechnung ${advance} sind geliefert und am ${formatDate(suppliedOn)} in Ihr Depot im Zollfreilager Genf eingebucht.`,
      DELIVERY_PLACE,
    ],
    table: { columns: LINE_COLUMNS, rows: lineRows(supplied) },
    totals: [
      ...totals,
      {
        label: `abzüglich Anzahlung${invoice.paidAt ? ` vom ${formatDate(invoice.paidAt)}` : ''} (Rechnung ${invoice.invoiceNumber ?? ''}), darin Umsatzsteuer ${formatEuro(paidTax)}:`,
        value: formatEuro(-paid),
      },
      { label: 'Noch zu zahlen:', value: formatEuro(0), strong: true },
    ],
    notes: taxNotes(supplied),
    verification: null,
  };
  return withEInvoice(model, final.issuedOn, (notes) =>
    finalEInvoice(db, invoice, final, supplied, company, notes),
  );
}
