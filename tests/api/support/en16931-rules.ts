/**
 * The EN 16931 business rules that apply to the portal's e-invoices, checked on their CII XML.
 * No validator of the official schematron runs here without a network (the npm registry has
 * none that ships the EN 16931 rules), so each applicable rule is written out, by its id, as the
 * official CII schematron states it: the mandatory elements (BR-01 … BR-65 as used), the sums
 * (BR-CO-*), and the categories the invoices use (BR-S-* for 19 %, BR-E-* for wine), with the
 * one-unit tolerance of BR-CO-17/BR-S-09 that the current schematron allows.
 */
import { convert } from 'xmlbuilder2';

type XmlNode = string | { [key: string]: XmlNode | XmlNode[] };

const list = (value: XmlNode | XmlNode[] | undefined): XmlNode[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The children at `path` ("ram:A/ram:B"), every match at each step. */
function select(node: XmlNode | undefined, path: string): XmlNode[] {
  let nodes: XmlNode[] = node === undefined ? [] : [node];
  for (const step of path.split('/')) {
    nodes = nodes.flatMap((current) => (typeof current === 'string' ? [] : list(current[step])));
  }
  return nodes;
}

const text = (node: XmlNode | undefined): string | undefined =>
  node === undefined ? undefined : typeof node === 'string' ? node : (node['#'] as string | undefined);
const attribute = (node: XmlNode | undefined, name: string): string | undefined =>
  node && typeof node !== 'string' ? (node[`@${name}`] as string | undefined) : undefined;
const first = (node: XmlNode | undefined, path: string) => text(select(node, path)[0]);
const decimal = (node: XmlNode | undefined, path: string) => Number(first(node, path) ?? 'NaN');
const cents = (value: number) => Math.round(value * 100);

export interface RuleResult {
  id: string;
  ok: boolean;
}

/** Every applicable rule and whether the XML satisfies it. */
export function checkEn16931(xml: string): RuleResult[] {
  const root = (convert(xml, { format: 'object' }) as Record<string, XmlNode>)['rsm:CrossIndustryInvoice'];
  const context = select(root, 'rsm:ExchangedDocumentContext')[0];
  const document = select(root, 'rsm:ExchangedDocument')[0];
  const transaction = select(root, 'rsm:SupplyChainTradeTransaction')[0];
  const agreement = select(transaction, 'ram:ApplicableHeaderTradeAgreement')[0];
  const settlement = select(transaction, 'ram:ApplicableHeaderTradeSettlement')[0];
  const sums = select(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation')[0];
  const seller = select(agreement, 'ram:SellerTradeParty')[0];
  const buyer = select(agreement, 'ram:BuyerTradeParty')[0];
  const lines = select(transaction, 'ram:IncludedSupplyChainTradeLineItem');
  const breakdown = select(settlement, 'ram:ApplicableTradeTax');
  const lineCategory = (line: XmlNode) =>
    first(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode');
  const lineRate = (line: XmlNode) =>
    decimal(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent');
  const lineNet = (line: XmlNode) =>
    cents(
      decimal(
        line,
        'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
      ),
    );
  const ofCategory = (code: string) => breakdown.filter((row) => first(row, 'ram:CategoryCode') === code);
  const linesOf = (code: string) => lines.filter((line) => lineCategory(line) === code);
  const sellerVatIds = select(seller, 'ram:SpecifiedTaxRegistration/ram:ID').filter(
    (id) => attribute(id, 'schemeID') === 'VA',
  );
  const buyerVatIds = select(buyer, 'ram:SpecifiedTaxRegistration/ram:ID').filter(
    (id) => attribute(id, 'schemeID') === 'VA',
  );
  const taxWithin = (row: XmlNode) => {
    // BR-CO-17 as the schematron tests it: |tax| within one unit of round(basis × rate / 100, 2).
    const expected =
      Math.round(Math.abs(decimal(row, 'ram:BasisAmount')) * decimal(row, 'ram:RateApplicablePercent')) / 100;
    const tax = Math.abs(decimal(row, 'ram:CalculatedAmount'));
    return tax - 1 < expected && tax + 1 > expected;
  };
  const due = decimal(sums, 'ram:DuePayableAmount');
  const rounding = Number.isNaN(decimal(sums, 'ram:RoundingAmount'))
    ? 0
    : decimal(sums, 'ram:RoundingAmount');
  const prepaid = Number.isNaN(decimal(sums, 'ram:TotalPrepaidAmount'))
    ? 0
    : decimal(sums, 'ram:TotalPrepaidAmount');
  const amounts = [
    ...[
      'LineTotalAmount',
      'TaxBasisTotalAmount',
      'TaxTotalAmount',
      'GrandTotalAmount',
      'TotalPrepaidAmount',
      'DuePayableAmount',
    ].map((name) => first(sums, `ram:${name}`)),
    ...breakdown.flatMap((row) => [first(row, 'ram:BasisAmount'), first(row, 'ram:CalculatedAmount')]),
    ...lines.map((line) =>
      first(
        line,
        'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
      ),
    ),
  ].filter((value): value is string => value !== undefined);
  const isoPrefix = (id: XmlNode) => /^(EL|[A-Z]{2})/.test(text(id) ?? '');
  const sumOfBreakdown = (code: string) =>
    ofCategory(code).every((row) => {
      const rate = decimal(row, 'ram:RateApplicablePercent');
      const own = linesOf(code).filter((line) => lineRate(line) === rate);
      return cents(decimal(row, 'ram:BasisAmount')) === own.reduce((sum, line) => sum + lineNet(line), 0);
    });

  const rules: Record<string, boolean> = {
    'BR-01':
      first(context, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID') === 'urn:cen.eu:en16931:2017',
    'BR-02': Boolean(first(document, 'ram:ID')),
    'BR-03': /^\d{8}$/.test(first(document, 'ram:IssueDateTime/udt:DateTimeString') ?? ''),
    'BR-04': ['380', '381', '384', '386', '389', '751'].includes(first(document, 'ram:TypeCode') ?? ''),
    'BR-05': first(settlement, 'ram:InvoiceCurrencyCode') === 'EUR',
    'BR-06': Boolean(first(seller, 'ram:Name')),
    'BR-07': Boolean(first(buyer, 'ram:Name')),
    'BR-08': select(seller, 'ram:PostalTradeAddress').length === 1,
    'BR-09': /^[A-Z]{2}$/.test(first(seller, 'ram:PostalTradeAddress/ram:CountryID') ?? ''),
    'BR-10': select(buyer, 'ram:PostalTradeAddress').length === 1,
    'BR-11': /^[A-Z]{2}$/.test(first(buyer, 'ram:PostalTradeAddress/ram:CountryID') ?? ''),
    'BR-12': first(sums, 'ram:LineTotalAmount') !== undefined,
    'BR-13': first(sums, 'ram:TaxBasisTotalAmount') !== undefined,
    'BR-14': first(sums, 'ram:GrandTotalAmount') !== undefined,
    'BR-15': first(sums, 'ram:DuePayableAmount') !== undefined,
    'BR-16': lines.length > 0,
    'BR-21': lines.every((line) => Boolean(first(line, 'ram:AssociatedDocumentLineDocument/ram:LineID'))),
    'BR-22': lines.every(
      (line) => first(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity') !== undefined,
    ),
    'BR-23': lines.every((line) =>
      Boolean(attribute(select(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity')[0], 'unitCode')),
    ),
    'BR-24': lines.every((line) => !Number.isNaN(lineNet(line))),
    'BR-25': lines.every((line) => Boolean(first(line, 'ram:SpecifiedTradeProduct/ram:Name'))),
    'BR-26': lines.every(
      (line) =>
        first(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount') !==
        undefined,
    ),
    'BR-27': lines.every(
      (line) =>
        decimal(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount') >= 0,
    ),
    'BR-45': breakdown.every((row) => first(row, 'ram:BasisAmount') !== undefined),
    'BR-46': breakdown.every((row) => first(row, 'ram:CalculatedAmount') !== undefined),
    'BR-47': breakdown.every((row) => Boolean(first(row, 'ram:CategoryCode'))),
    'BR-48': breakdown.every((row) => first(row, 'ram:RateApplicablePercent') !== undefined),
    'BR-55': select(settlement, 'ram:InvoiceReferencedDocument').every((reference) =>
      Boolean(first(reference, 'ram:IssuerAssignedID')),
    ),
    'BR-57': select(
      transaction,
      'ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress',
    ).every((address) => /^[A-Z]{2}$/.test(first(address, 'ram:CountryID') ?? '')),
    'BR-62': select(seller, 'ram:URIUniversalCommunication/ram:URIID').every((id) =>
      Boolean(attribute(id, 'schemeID')),
    ),
    'BR-63': select(buyer, 'ram:URIUniversalCommunication/ram:URIID').every((id) =>
      Boolean(attribute(id, 'schemeID')),
    ),
    'BR-CO-04': lines.every((line) => Boolean(lineCategory(line))),
    'BR-CO-09': [...sellerVatIds, ...buyerVatIds].every(isoPrefix),
    'BR-CO-10':
      cents(decimal(sums, 'ram:LineTotalAmount')) === lines.reduce((sum, line) => sum + lineNet(line), 0),
    'BR-CO-13':
      cents(decimal(sums, 'ram:TaxBasisTotalAmount')) === cents(decimal(sums, 'ram:LineTotalAmount')),
    'BR-CO-14':
      cents(decimal(sums, 'ram:TaxTotalAmount')) ===
      breakdown.reduce((sum, row) => sum + cents(decimal(row, 'ram:CalculatedAmount')), 0),
    'BR-CO-15':
      cents(decimal(sums, 'ram:GrandTotalAmount')) ===
      cents(decimal(sums, 'ram:TaxBasisTotalAmount')) + cents(decimal(sums, 'ram:TaxTotalAmount')),
    'BR-CO-16':
      cents(due) === cents(decimal(sums, 'ram:GrandTotalAmount')) - cents(prepaid) + cents(rounding),
    'BR-CO-17': breakdown.every(taxWithin),
    'BR-CO-18': breakdown.length > 0,
    'BR-CO-25':
      due <= 0 ||
      select(settlement, 'ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime').length > 0 ||
      Boolean(first(settlement, 'ram:SpecifiedTradePaymentTerms/ram:Description')),
    'BR-CO-26': sellerVatIds.length > 0 || Boolean(first(seller, 'ram:SpecifiedLegalOrganization/ram:ID')),
    'BR-DEC (amounts at most 2 decimals)': amounts.every((value) => /^-?\d+(\.\d{1,2})?$/.test(value)),
    'BR-S-01': linesOf('S').length === 0 || ofCategory('S').length > 0,
    'BR-S-02': linesOf('S').length === 0 || sellerVatIds.length > 0,
    'BR-S-05': linesOf('S').every((line) => lineRate(line) > 0),
    'BR-S-08': sumOfBreakdown('S'),
    'BR-S-09': ofCategory('S').every(taxWithin),
    'BR-S-10': ofCategory('S').every(
      (row) => !first(row, 'ram:ExemptionReason') && !first(row, 'ram:ExemptionReasonCode'),
    ),
    'BR-E-01': linesOf('E').length === 0 || ofCategory('E').length === 1,
    'BR-E-02': linesOf('E').length === 0 || sellerVatIds.length > 0,
    'BR-E-05': linesOf('E').every((line) => lineRate(line) === 0),
    'BR-E-08': sumOfBreakdown('E'),
    'BR-E-09': ofCategory('E').every((row) => cents(decimal(row, 'ram:CalculatedAmount')) === 0),
    'BR-E-10': ofCategory('E').every((row) =>
      Boolean(first(row, 'ram:ExemptionReason') || first(row, 'ram:ExemptionReasonCode')),
    ),
    // BR-O-11 … BR-O-14: a "not subject to VAT" group may not stand beside another; none is used.
    'BR-O-11': ofCategory('O').length === 0 || breakdown.length === 1,
    // The CII schema requires the header delivery group, even empty.
    'CII-SR (ApplicableHeaderTradeDelivery)':
      select(transaction, 'ram:ApplicableHeaderTradeDelivery').length === 1,
  };
  return Object.entries(rules).map(([id, ok]) => ({ id, ok }));
}

/** The value at a path ("rsm:ExchangedDocument/ram:TypeCode") of the CII, for assertions. */
export function ciiValue(xml: string, path: string): string | undefined {
  const root = (convert(xml, { format: 'object' }) as Record<string, XmlNode>)['rsm:CrossIndustryInvoice'];
  return first(root, path);
}
