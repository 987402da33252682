/**
 * Manual quotes of the back office (spec entry-checkout-backoffice 2.6, 5 and 9 "Back office"):
 * the region filter, which offers the quote modal lists, the totals (sales, cost, gross margin),
 * the CSV export and the invoice form's lists and checks. Pure; server and PWA share it.
 */
import { ACCOUNT_COUNTRIES, ACCOUNT_MESSAGES, isAccountCountry } from './account-form';
import { regionSliceColor } from './advice-portfolio';
import { invoiceCheckTexts, MAX_INVOICE_PRICE_BTL } from './backoffice-invoices';
import { backofficeMessages, validateAmount, validatePrice } from './backoffice-validation';
import { DEFAULT_COUNTRY, SALUTATIONS } from './entry-constants';
import { normalizeEmail, VALIDATION_MESSAGES, validateEmail } from './entry-validation';
import { type Cents, centsToDecimal, decimalToCents } from './money';
import { lineTotalCents } from './offer-pricing';
import { MAX_ORDER_CASES, orderAmountMessage } from './order-costs';

/** The region filter of the quote modal; every other region counts as "Rest". */
export const QUOTE_REGIONS = ['Bordeaux', 'Champagne', 'Burgund', 'Toskana', 'Rest'] as const;
export type QuoteRegion = (typeof QUOTE_REGIONS)[number];

/** Only the newest offers of a region are offered as chips. */
export const QUOTE_OFFERS_PER_REGION = 10;
/** Cases one click adds. */
export const QUOTE_ADD_AMOUNTS = [1, 2, 3, 4] as const;

export const quoteMessages = {
  unknownRegion: 'Unbekannte Region im Filter.',
  salutation: 'Bitte wählen Sie eine Anrede (Herr oder Frau).',
  title: 'Bitte wählen Sie einen gültigen Titel (Dr., Prof. oder Prof. Dr.).',
  productCategory: 'Bitte wählen Sie eine gültige Rechnungsart.',
} as const;

export function regionBucket(regionTitle: string | null | undefined): QuoteRegion {
  const title = regionTitle?.trim() ?? '';
  return (QUOTE_REGIONS as readonly string[]).includes(title) && title !== 'Rest'
    ? (title as QuoteRegion)
    : 'Rest';
}

const isQuoteRegion = (value: string): value is QuoteRegion =>
  (QUOTE_REGIONS as readonly string[]).includes(value);

/** The stored filter ("Bordeaux,Toskana"; empty = every region) → regions in filter order. */
export function parseBucket(bucket: string | null | undefined): QuoteRegion[] {
  const chosen = new Set((bucket ?? '').split(',').map((part) => part.trim()));
  return QUOTE_REGIONS.filter((region) => chosen.has(region));
}

/** Regions → the stored filter, in the filter's order; null when none is chosen. */
export function serializeBucket(regions: readonly string[]): string | null {
  const chosen = new Set(regions);
  const ordered = QUOTE_REGIONS.filter((region) => chosen.has(region));
  return ordered.length > 0 ? ordered.join(',') : null;
}

/** A refusal when the filter names something that is not one of the five regions. */
export function bucketProblem(bucket: string | null | undefined): string | null {
  const parts = (bucket ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.every(isQuoteRegion) ? null : quoteMessages.unknownRegion;
}

/** What the quote modal needs to know about an offer to decide whether it is listed. */
export interface QuoteOfferCandidate {
  id: number;
  region: string | null;
  /** ISO timestamp; newer offers come first. */
  datetimeCreated: string;
  /** Cases bought: the sum of the tranches' total quantities. */
  trancheTotal: number;
  /** Cases of those tranches already assigned to depot positions. */
  depotAssigned: number;
}

/** An offer is listed while its tranches hold more cases than are assigned to depots. */
export const isQuoteOfferListed = (offer: QuoteOfferCandidate): boolean =>
  offer.trancheTotal > offer.depotAssigned;

export interface QuoteOfferSection<T> {
  region: QuoteRegion;
  offers: T[];
}

/**
 * One section per chosen region (every region when none is chosen) with its newest listed
 * offers, at most ten.
 */
export function quoteOfferSections<T extends QuoteOfferCandidate>(
  offers: readonly T[],
  chosen: readonly QuoteRegion[],
  perRegion: number = QUOTE_OFFERS_PER_REGION,
): QuoteOfferSection<T>[] {
  const regions =
    chosen.length > 0 ? QUOTE_REGIONS.filter((region) => chosen.includes(region)) : QUOTE_REGIONS;
  const listed = offers
    .filter(isQuoteOfferListed)
    .sort((a, b) => b.datetimeCreated.localeCompare(a.datetimeCreated) || b.id - a.id);
  return regions.map((region) => ({
    region,
    offers: listed.filter((offer) => regionBucket(offer.region) === region).slice(0, perRegion),
  }));
}

/** A position of a quote: cases at the quote's sell price and purchase price (EKP) per bottle. */
export interface QuoteLine {
  amount: number;
  caskOf: number;
  sellPriceBtl: string;
  ekpBtl: string | null;
}

/** Sales of a position: cases × bottles per case × sell price. */
export const lineSales = (line: QuoteLine): Cents =>
  lineTotalCents(line.amount, line.caskOf, line.sellPriceBtl);

/** Cost of a position: cases × bottles per case × EKP; null without EKP. */
export const lineCost = (line: QuoteLine): Cents | null =>
  line.ekpBtl === null ? null : lineTotalCents(line.amount, line.caskOf, line.ekpBtl);

/** Margin in percent of the cost ((sales − cost) / cost × 100), two decimals; null without cost. */
export function marginPercent(sales: Cents, cost: Cents | null): number | null {
  if (cost === null || cost <= 0) return null;
  return Math.round(((sales - cost) / cost) * 10_000) / 100;
}

export interface QuoteTotals {
  sales: Cents;
  cost: Cents;
  grossMargin: Cents;
  marginPercent: number | null;
  /** Positions without EKP: they count with their sales but without cost. */
  withoutEkp: number;
}

export function quoteTotals(lines: readonly QuoteLine[]): QuoteTotals {
  let sales = 0;
  let cost = 0;
  let withoutEkp = 0;
  for (const line of lines) {
    sales += lineSales(line);
    const lineCostCents = lineCost(line);
    if (lineCostCents === null) withoutEkp += 1;
    else cost += lineCostCents;
  }
  return {
    sales,
    cost,
    grossMargin: sales - cost,
    marginPercent: marginPercent(sales, lines.length > withoutEkp ? cost : null),
    withoutEkp,
  };
}

/** A quote position with the labels the CSV and the chart show. */
export interface LabelledQuoteLine extends QuoteLine {
  wine: string;
  year: number;
  region: string;
}

export const QUOTE_CSV_FIELDS = [
  'Wein',
  'Jahrgang',
  'Region',
  'Kisten',
  'Flaschen je Kiste',
  'VK je Flasche',
  'EKP je Flasche',
  'Umsatz',
  'Kosten',
  'Rohertrag',
  'Marge %',
] as const;

/** German decimal number for spreadsheets: 1234.5 € → "1234,50". */
const csvMoney = (cents: Cents | null): string =>
  cents === null ? '' : centsToDecimal(cents).replace('.', ',');
const csvPercent = (value: number | null): string =>
  value === null ? '' : value.toFixed(2).replace('.', ',');

/** The rows of the CSV export: one per position and a totals row (semicolon CSV for German Excel). */
export function quoteCsvRows(lines: readonly LabelledQuoteLine[]): string[][] {
  const rows = lines.map((line) => {
    const sales = lineSales(line);
    const cost = lineCost(line);
    return [
      line.wine,
      String(line.year),
      line.region,
      String(line.amount),
      String(line.caskOf),
      csvMoney(decimalToCents(line.sellPriceBtl)),
      line.ekpBtl === null ? '' : csvMoney(decimalToCents(line.ekpBtl)),
      csvMoney(sales),
      csvMoney(cost),
      cost === null ? '' : csvMoney(sales - cost),
      csvPercent(marginPercent(sales, cost)),
    ];
  });
  const totals = quoteTotals(lines);
  rows.push([
    'Summe',
    '',
    '',
    String(lines.reduce((sum, line) => sum + line.amount, 0)),
    '',
    '',
    '',
    csvMoney(totals.sales),
    csvMoney(totals.cost),
    csvMoney(totals.grossMargin),
    csvPercent(totals.marginPercent),
  ]);
  return rows;
}

/** `angebot-<email>.csv`, with characters a file name must not hold replaced. */
export function quoteCsvFileName(email: string): string {
  return `angebot-${normalizeEmail(email).replace(/[^a-z0-9@._+-]/g, '_')}.csv`;
}

export type QuoteSunburstNode = {
  name: string;
  color: string;
  value?: number;
  children?: QuoteSunburstNode[];
};

/** Region → wine shares of the quote's sales (euro), regions in German order. */
export function quoteSunburstData(lines: readonly LabelledQuoteLine[]): QuoteSunburstNode[] {
  const regions = new Map<string, Map<string, Cents>>();
  for (const line of lines) {
    const wines = regions.get(line.region) ?? new Map<string, Cents>();
    const label = `${line.wine} ${line.year}`;
    wines.set(label, (wines.get(label) ?? 0) + lineSales(line));
    regions.set(line.region, wines);
  }
  return [...regions.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'de'))
    .map(([region, wines]) => ({
      name: region,
      color: regionSliceColor(region),
      children: [...wines.entries()]
        .filter(([, cents]) => cents > 0)
        .map(([wine, cents]) => ({ name: wine, value: cents / 100, color: regionSliceColor(region) })),
    }))
    .filter((region) => (region.children?.length ?? 0) > 0);
}

/**
 * Cases of a quote position: the spec's amount rules, at least 1 (LÖSCHEN removes a position) and
 * at most 100 as on the order list.
 */
export function quoteAmountProblem(value: string | number): string | null {
  const problem = validateAmount(value);
  if (problem) return problem;
  const cases = Number(String(value).trim());
  if (cases === 0) return backofficeMessages.amountWhole;
  return cases > MAX_ORDER_CASES ? orderAmountMessage('too-large') : null;
}

/** A price or EKP per bottle: the spec's price rules, at most 999.999,99 €. */
export function quotePriceProblem(value: string): string | null {
  const problem = validatePrice(value);
  if (problem) return problem;
  return Number(value.trim()) > Number(MAX_INVOICE_PRICE_BTL) ? invoiceCheckTexts.priceTooHigh : null;
}

/** Checks of a position edit: price, EKP and amount as the back office validates them. */
export function quotePositionProblems(edit: {
  newPriceBtl?: string | null;
  newEkpBtl?: string | null;
  amount?: string | number | null;
}): { field: 'newPriceBtl' | 'newEkpBtl' | 'amount'; message: string }[] {
  const problems: { field: 'newPriceBtl' | 'newEkpBtl' | 'amount'; message: string }[] = [];
  if (edit.newPriceBtl !== undefined && edit.newPriceBtl !== null) {
    const message = quotePriceProblem(edit.newPriceBtl);
    if (message) problems.push({ field: 'newPriceBtl', message });
  }
  if (edit.newEkpBtl !== undefined && edit.newEkpBtl !== null) {
    const message = quotePriceProblem(edit.newEkpBtl);
    if (message) problems.push({ field: 'newEkpBtl', message });
  }
  if (edit.amount !== undefined && edit.amount !== null) {
    const message = quoteAmountProblem(edit.amount);
    if (message) problems.push({ field: 'amount', message });
  }
  return problems;
}

// ─── Invoice creation form ────────────────────────────────────────────────────

/** Invoice types (product categories) of a quote's invoice; 41200 is the default. */
export const QUOTE_INVOICE_TYPES = [
  { value: '32641', label: '32641 – Proforma 24/25' },
  { value: '32642', label: '32642 – Proforma 25/26' },
  { value: '41200', label: '41200 – steuerfreier Export' },
] as const;
export const DEFAULT_QUOTE_INVOICE_TYPE = '41200';

/** Optional academic titles of the invoice recipient (spec: "Prof. or Dr."; registration's "Prof. Dr." too). */
export const QUOTE_INVOICE_TITLES = ['Dr.', 'Prof.', 'Prof. Dr.'] as const;
export const QUOTE_SALUTATIONS = SALUTATIONS;
export const QUOTE_COUNTRIES = ACCOUNT_COUNTRIES;
export const QUOTE_DEFAULT_COUNTRY = DEFAULT_COUNTRY;

export interface QuoteInvoiceInput {
  email: string;
  salutation: string;
  title?: string | null;
  firstName: string;
  lastName: string;
  streetAndNumber: string;
  city: string;
  postalCode: string;
  productCategory?: string | null;
  country?: string | null;
  company?: string | null;
  taxId?: string | null;
}

export type QuoteInvoiceField = keyof QuoteInvoiceInput;

/** Field → message for everything the invoice form lacks (empty object = valid). */
export function quoteInvoiceProblems(input: QuoteInvoiceInput): Partial<Record<QuoteInvoiceField, string>> {
  const problems: Partial<Record<QuoteInvoiceField, string>> = {};
  const blank = (value: string | null | undefined) => !value?.trim();
  if (validateEmail(input.email ?? '')) problems.email = VALIDATION_MESSAGES.email;
  if (!(SALUTATIONS as readonly string[]).includes(input.salutation?.trim() ?? ''))
    problems.salutation = quoteMessages.salutation;
  const title = input.title?.trim() ?? '';
  if (title !== '' && title !== '-' && !(QUOTE_INVOICE_TITLES as readonly string[]).includes(title))
    problems.title = quoteMessages.title;
  if (blank(input.firstName)) problems.firstName = VALIDATION_MESSAGES.firstName;
  if (blank(input.lastName)) problems.lastName = VALIDATION_MESSAGES.lastName;
  if (blank(input.streetAndNumber)) problems.streetAndNumber = ACCOUNT_MESSAGES.streetAndNumber;
  if (blank(input.postalCode)) problems.postalCode = ACCOUNT_MESSAGES.postalCode;
  if (blank(input.city)) problems.city = ACCOUNT_MESSAGES.city;
  const country = input.country?.trim() || QUOTE_DEFAULT_COUNTRY;
  if (!isAccountCountry(country)) problems.country = ACCOUNT_MESSAGES.country;
  const category = input.productCategory?.trim() || DEFAULT_QUOTE_INVOICE_TYPE;
  if (!QUOTE_INVOICE_TYPES.some((type) => type.value === category))
    problems.productCategory = quoteMessages.productCategory;
  return problems;
}
