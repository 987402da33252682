/**
 * E-invoices of business clients (a company name and a VAT id, `src/domain/vat-id.ts`): the
 * invoice and its cancellation invoice as Factur-X / ZUGFeRD, profile EN 16931, i.e. a Cross
 * Industry Invoice (CII) XML that is embedded in the invoice PDF (PDF/A-3, relationship
 * "Alternative", `server/pdf/factur-x.ts`) and served alone beside it; the final invoice after an
 * advance payment (en primeur) likewise.
 *
 * `@e-invoice-eu/core` writes the CII from its UBL-shaped JSON and checks that JSON against its
 * schema; the figures come from `src/domain/e-invoice.ts` (the same split as the PDF's). What
 * the library leaves out is added here: the preceding invoice a credit note refers to (BT-25)
 * and the empty delivery group the CII schema requires.
 */

import type { Invoice } from '@e-invoice-eu/core';
import { InvoiceService } from '@e-invoice-eu/core';
import { businessDay, formatDate } from '../../src/domain/dates';
import { eInvoiceFigures, xmlAmount, xmlPercent } from '../../src/domain/e-invoice';
import type { BilledLine } from '../../src/domain/invoice-lines';
import { isBusinessClient } from '../../src/domain/vat-id';
import { type CompanyDetails, companyAddressLines } from '../company';
import type { Database } from '../db/client';
import type { invoices, users } from '../db/schema';
import {
  type InvoiceDocumentRow,
  invoiceClient,
  invoiceDay,
  invoiceLinesOf,
  isAdvanceInvoice,
} from './invoice-documents';

type InvoiceRow = typeof invoices.$inferSelect;
type Client = typeof users.$inferSelect;
type InvoiceBody = Invoice['ubl:Invoice'];

/** The file name Factur-X prescribes for the embedded XML. */
export const FACTUR_X_FILE_NAME = 'factur-x.xml';

/** The XML alone beside each PDF: `/invoices/<token>/rechnung.xml`, `…/stornorechnung.xml`, `…/schlussrechnung.xml`. */
export const E_INVOICE_XML_FILES = {
  INVOICE: 'rechnung.xml',
  CANCELLATION: 'stornorechnung.xml',
  FINAL: 'schlussrechnung.xml',
} as const;
export type EInvoiceKind = keyof typeof E_INVOICE_XML_FILES;

export const eInvoiceXmlUrl = (
  publicUrl: string,
  invoice: Pick<InvoiceRow, 'invoicePdfViewPermissionToken'>,
  kind: EInvoiceKind,
) => `${publicUrl}/invoices/${invoice.invoicePdfViewPermissionToken}/${E_INVOICE_XML_FILES[kind]}`;

/**
 * UNTDID 1001: 380 commercial invoice (also the final invoice after a prepayment), 386 prepayment
 * invoice (en primeur), 381 credit note.
 */
const TYPE_CODES = { INVOICE: '380', FINAL: '380', ADVANCE: '386', CANCELLATION: '381' } as const;

const EUR = 'EUR' as const;
const money = (cents: number) => xmlAmount(cents);

/** The seller's postal address from the one-line company address ("Straße 1, 12345 Stadt"). */
function sellerAddress(company: CompanyDetails) {
  const lines = companyAddressLines(company);
  const last = lines.at(-1) ?? '';
  const match = /^(\d{4,5})\s+(.+)$/.exec(last);
  return {
    'cbc:StreetName': lines[0] ?? '',
    ...(lines.length > 2 ? { 'cbc:AdditionalStreetName': lines.slice(1, -1).join(', ') } : {}),
    'cbc:CityName': match?.[2] ?? last,
    ...(match?.[1] ? { 'cbc:PostalZone': match[1] } : {}),
    'cac:Country': { 'cbc:IdentificationCode': 'DE' },
  } as const;
}

function seller(company: CompanyDetails): InvoiceBody['cac:AccountingSupplierParty'] {
  return {
    'cac:Party': {
      'cbc:EndpointID': company.email,
      'cbc:EndpointID@schemeID': 'EM',
      'cac:PostalAddress': sellerAddress(company),
      'cac:PartyTaxScheme': [
        { 'cbc:CompanyID': company.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        { 'cbc:CompanyID': company.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } },
      ],
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': company.name, 'cbc:CompanyID': company.register },
      'cac:Contact': { 'cbc:Telephone': company.phone, 'cbc:ElectronicMail': company.email },
    },
  } as InvoiceBody['cac:AccountingSupplierParty'];
}

function buyer(client: Client): InvoiceBody['cac:AccountingCustomerParty'] {
  const person = `${client.firstName} ${client.lastName}`.trim();
  return {
    'cac:Party': {
      'cbc:EndpointID': client.email,
      'cbc:EndpointID@schemeID': 'EM',
      'cac:PartyIdentification': { 'cbc:ID': client.customerNumber },
      'cac:PostalAddress': {
        'cbc:StreetName': client.streetAndNumber ?? '',
        ...(client.addressSupplement ? { 'cbc:AdditionalStreetName': client.addressSupplement } : {}),
        'cbc:CityName': client.city ?? '',
        'cbc:PostalZone': client.postalCode ?? '',
        'cac:Country': { 'cbc:IdentificationCode': client.country || 'DE' },
      },
      'cac:PartyTaxScheme': { 'cbc:CompanyID': client.vatId ?? '', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': client.company ?? '' },
      ...(person ? { 'cac:Contact': { 'cbc:Name': person, 'cbc:ElectronicMail': client.email } } : {}),
    },
  } as InvoiceBody['cac:AccountingCustomerParty'];
}

const taxCategory = (code: 'S' | 'E', rateBasisPoints: number) => ({
  'cbc:ID': code,
  'cbc:Percent': xmlPercent(rateBasisPoints),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
});

function invoiceLines(lines: readonly BilledLine[]): InvoiceBody['cac:InvoiceLine'] {
  const figures = eInvoiceFigures(lines);
  return figures.lines.map(({ line, category, rateBasisPoints, netCents }, index) => {
    // Wine is priced per bottle and free of German VAT: quantity in bottles at the bottle's price.
    const perBottle = category.code === 'E' && line.perBottle ? line.perBottle : null;
    return {
      'cbc:ID': String(index + 1),
      'cbc:InvoicedQuantity': String(perBottle ? perBottle.bottles : 1),
      'cbc:InvoicedQuantity@unitCode': perBottle ? 'XBO' : 'C62',
      'cbc:LineExtensionAmount': money(netCents),
      'cbc:LineExtensionAmount@currencyID': EUR,
      ...(line.supply.kind === 'PERIOD'
        ? { 'cac:InvoicePeriod': { 'cbc:StartDate': line.supply.from, 'cbc:EndDate': line.supply.to } }
        : {}),
      'cac:Item': {
        'cbc:Description': line.quantity,
        'cbc:Name': line.description,
        'cac:ClassifiedTaxCategory': taxCategory(category.code, rateBasisPoints),
      },
      'cac:Price': {
        'cbc:PriceAmount': money(perBottle ? perBottle.priceCents : netCents),
        'cbc:PriceAmount@currencyID': EUR,
      },
    };
  }) as InvoiceBody['cac:InvoiceLine'];
}

/** BT-72: the day of supply when every supplied line shares one (the booking into the depot). */
function deliveryDay(lines: readonly BilledLine[]): string | null {
  const days = new Set(lines.flatMap((line) => (line.supply.kind === 'DAY' ? [line.supply.day] : [])));
  return days.size === 1 ? ([...days][0] ?? null) : null;
}

interface EInvoiceInput {
  kind: EInvoiceKind;
  advance: boolean;
  number: string;
  issuedOn: string;
  client: Client;
  lines: readonly BilledLine[];
  company: CompanyDetails;
  notes: string[];
  paymentTerms: string;
  /** What is already settled (BT-113): a paid invoice's total; for a credit note, what is not refunded. */
  prepaidCents: number;
  preceding: { number: string; issuedOn: string } | null;
}

/** The CII XML of one e-invoice. */
export async function eInvoiceXml(input: EInvoiceInput): Promise<string> {
  const figures = eInvoiceFigures(input.lines);
  const delivered = deliveryDay(input.lines);
  const body = {
    'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
    'cbc:ID': input.number,
    'cbc:IssueDate': input.issuedOn,
    'cbc:InvoiceTypeCode': input.advance ? TYPE_CODES.ADVANCE : TYPE_CODES[input.kind],
    'cbc:Note': input.notes,
    'cbc:DocumentCurrencyCode': EUR,
    'cbc:BuyerReference': input.client.customerNumber,
    ...(input.preceding
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': input.preceding.number,
                'cbc:IssueDate': input.preceding.issuedOn,
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': seller(input.company),
    'cac:AccountingCustomerParty': buyer(input.client),
    'cac:Delivery': {
      ...(delivered ? { 'cbc:ActualDeliveryDate': delivered } : {}),
      'cac:DeliveryLocation': {
        'cac:Address': {
          'cbc:StreetName': 'Zollfreilager (Ports Francs et Entrepôts de Genève)',
          'cbc:CityName': 'Genf',
          'cac:Country': { 'cbc:IdentificationCode': 'CH' },
        },
      },
    },
    'cac:PaymentTerms': { 'cbc:Note': input.paymentTerms },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': money(figures.taxTotalCents),
        'cbc:TaxAmount@currencyID': EUR,
        'cac:TaxSubtotal': figures.breakdown.map((row) => ({
          'cbc:TaxableAmount': money(row.basisCents),
          'cbc:TaxableAmount@currencyID': EUR,
          'cbc:TaxAmount': money(row.taxCents),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxCategory': {
            ...taxCategory(row.category.code, row.rateBasisPoints),
            ...(row.category.exemptionReason
              ? { 'cbc:TaxExemptionReason': row.category.exemptionReason }
              : {}),
          },
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(figures.lineTotalCents),
      'cbc:LineExtensionAmount@currencyID': EUR,
      'cbc:TaxExclusiveAmount': money(figures.lineTotalCents),
      'cbc:TaxExclusiveAmount@currencyID': EUR,
      'cbc:TaxInclusiveAmount': money(figures.grandTotalCents),
      'cbc:TaxInclusiveAmount@currencyID': EUR,
      'cbc:PrepaidAmount': money(input.prepaidCents),
      'cbc:PrepaidAmount@currencyID': EUR,
      'cbc:PayableAmount': money(figures.grandTotalCents - input.prepaidCents),
      'cbc:PayableAmount@currencyID': EUR,
    },
    'cac:InvoiceLine': invoiceLines(input.lines),
  } as InvoiceBody;
  const service = new InvoiceService(silentLogger);
  const xml = await service.generate(
    { 'ubl:Invoice': body },
    { format: 'CII', lang: 'de-de', noWarnings: true },
  );
  if (typeof xml !== 'string') throw new Error('CII-Ausgabe ist kein XML-Text');
  return completeCii(xml, input.preceding);
}

/** The library's log goes nowhere: a problem of the data is an error it throws. */
const silentLogger = { log() {}, warn() {}, error() {} };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What the library's CII lacks for these invoices: BT-25 (InvoiceReferencedDocument, after the
 * monetary summation as the CII schema orders it) when it did not write it, and the header
 * delivery group, which the CII schema requires even when empty.
 */
export function completeCii(xml: string, preceding: { number: string; issuedOn: string } | null): string {
  let result = xml;
  if (!result.includes('<ram:ApplicableHeaderTradeDelivery')) {
    result = result.replace(
      '<ram:ApplicableHeaderTradeSettlement>',
      '<ram:ApplicableHeaderTradeDelivery/>\n\t\t<ram:ApplicableHeaderTradeSettlement>',
    );
  }
  if (preceding && !result.includes('<ram:InvoiceReferencedDocument>')) {
    const reference = [
      '<ram:InvoiceReferencedDocument>',
      `<ram:IssuerAssignedID>${escapeXml(preceding.number)}</ram:IssuerAssignedID>`,
      `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${preceding.issuedOn.replace(/-/g, '')}</qdt:DateTimeString></ram:FormattedIssueDateTime>`,
      '</ram:InvoiceReferencedDocument>',
    ].join('');
    result = result.replace(
      '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
      `</ram:SpecifiedTradeSettlementHeaderMonetarySummation>\n\t\t\t${reference}`,
    );
  }
  return result;
}

/** The paid or payable state as payment terms (BT-20; BR-CO-25 needs them when an amount is due). */
const invoicePaymentTerms = (invoice: InvoiceRow) =>
  invoice.paidAt
    ? `Bezahlt am ${formatDate(businessDay(invoice.paidAt))}.`
    : 'Zahlbar sofort über die Zahlungsseite im Kundenportal.';

/** The client of a numbered invoice when it gets e-invoices (a business client), else null. */
async function eInvoiceRecipient(db: Database, invoice: InvoiceRow): Promise<Client | null> {
  if (!invoice.invoiceNumber) return null;
  const client = await invoiceClient(db, invoice);
  return client && isBusinessClient(client) ? client : null;
}

/** The invoice as e-invoice XML, or null: a consumer's invoice, or one without its number yet. */
export async function invoiceEInvoice(
  db: Database,
  invoice: InvoiceRow,
  company: CompanyDetails,
  notes: string[],
): Promise<string | null> {
  const client = await eInvoiceRecipient(db, invoice);
  if (!client || !invoice.invoiceNumber) return null;
  const { lines } = await invoiceLinesOf(db, invoice);
  const total = lines.reduce((sum, line) => sum + line.grossCents, 0);
  return eInvoiceXml({
    kind: 'INVOICE',
    advance: isAdvanceInvoice(lines),
    number: invoice.invoiceNumber,
    issuedOn: invoiceDay(invoice),
    client,
    lines,
    company,
    notes,
    paymentTerms: invoicePaymentTerms(invoice),
    prepaidCents: invoice.paidAt ? total : 0,
    preceding: null,
  });
}

/**
 * The cancellation invoice as e-invoice XML (a credit note, type 381, amounts positive, referring
 * to the invoice), or null for a consumer. A paid invoice's amount is refunded (due to the
 * client); an unpaid one's is settled by the cancellation itself (nothing due).
 */
export async function cancellationEInvoice(
  db: Database,
  invoice: InvoiceRow,
  cancellation: InvoiceDocumentRow,
  company: CompanyDetails,
  notes: string[],
): Promise<string | null> {
  const client = await eInvoiceRecipient(db, invoice);
  if (!client || !invoice.invoiceNumber) return null;
  const { lines } = await invoiceLinesOf(db, invoice);
  const total = lines.reduce((sum, line) => sum + line.grossCents, 0);
  return eInvoiceXml({
    kind: 'CANCELLATION',
    advance: false,
    number: cancellation.number,
    issuedOn: cancellation.issuedOn,
    client,
    lines,
    company,
    notes,
    paymentTerms: invoice.paidAt
      ? 'Der gezahlte Betrag wird Ihnen erstattet.'
      : `Verrechnet mit der Rechnung ${invoice.invoiceNumber}; es ist nichts zu zahlen.`,
    prepaidCents: invoice.paidAt ? 0 : total,
    preceding: { number: invoice.invoiceNumber, issuedOn: invoiceDay(invoice) },
  });
}

/**
 * The final invoice after an advance payment as e-invoice XML (type 380), or null for a consumer:
 * `supplied` are the advance invoice's en-primeur lines with their day of supply; the advance
 * paid is the prepaid amount (BT-113), so nothing is due, and the advance invoice is the preceding
 * invoice (BT-25).
 */
export async function finalEInvoice(
  db: Database,
  invoice: InvoiceRow,
  final: InvoiceDocumentRow,
  supplied: readonly BilledLine[],
  company: CompanyDetails,
  notes: string[],
): Promise<string | null> {
  const client = await eInvoiceRecipient(db, invoice);
  if (!client || !invoice.invoiceNumber) return null;
  const paid = supplied.reduce((sum, line) => sum + line.grossCents, 0);
  return eInvoiceXml({
    kind: 'FINAL',
    advance: false,
    number: final.number,
    issuedOn: final.issuedOn,
    client,
    lines: supplied,
    company,
    notes,
    paymentTerms: `Bezahlt durch die Anzahlung zur Rechnung ${invoice.invoiceNumber}; es ist nichts mehr zu zahlen.`,
    prepaidCents: invoice.paidAt ? paid : 0,
    preceding: { number: invoice.invoiceNumber, issuedOn: invoiceDay(invoice) },
  });
}
