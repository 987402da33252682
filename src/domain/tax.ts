/**
 * VAT of what the business bills: one tax category per kind of invoice line, the net amount,
 * rate and tax per rate, and the statutory note of a line not taxable in Germany. Invoices,
 * cancellation invoices, final invoices and the Zweitmarkt settlement take their tax from here;
 * an e-invoice (EN 16931 / Factur-X) can take each line's category code and the breakdown as is.
 *
 * The rules, TO BE CONFIRMED BY THE TAX ADVISER (docs/deviations.md, "Invoices"):
 * - Wine (the house's and a Zweitmarkt listing's): the cases are delivered into and kept in the
 *   free warehouse (Zollfreilager) in Geneva. The client takes ownership there and the goods do
 *   not leave it for Germany, so the supply is located in Switzerland (§ 3 Abs. 6–7 UStG) and is
 *   not taxable in Germany: no German VAT, the invoice says so ("nicht steuerbar", category "O"
 *   of EN 16931). Swiss import VAT arises only if the wine leaves the free warehouse into
 *   Switzerland, which the portal does not do.
 * - Logistics, upfront storage, condition report, management fee and the Zweitmarkt sales
 *   commission are services of the business to its client, taxed at the standard rate of 19 %
 *   (§ 12 Abs. 1 UStG; for a consumer the place of a service is the business's seat, § 3a Abs. 1).
 * - Every amount the portal bills (order list, fee schedule, commission) is a price the client pays,
 *   VAT included; the invoice states the net amount and the tax contained in it per rate, computed
 *   once over the sum of each rate's lines (so the invoice's total is exactly what was paid).
 * - En-primeur wine is paid before it is delivered: its invoice is an advance-payment invoice
 *   (§ 14 Abs. 5 UStG: the day of payment instead of the day of supply, the expected delivery
 *   period). A final invoice follows once its cases are booked into the warehouse, deducting the
 *   advance (`server/services/invoice-documents.ts`).
 */
import { type Cents, divideRoundHalfUp } from './money';

/** The kinds of line the business bills. */
export type InvoiceLineKind =
  | 'WINE'
  | 'LOGISTICS'
  | 'CONDITION_REPORT'
  | 'UPFRONT_STORAGE'
  | 'MANAGEMENT_FEE'
  | 'SALES_COMMISSION';

export type TaxCategoryKey = 'STANDARD' | 'NOT_TAXABLE_IN_GERMANY';

export interface TaxCategory {
  key: TaxCategoryKey;
  /** EN 16931 / Factur-X VAT category code (UNCL 5305): S standard rate, O outside the scope of VAT. */
  code: 'S' | 'O';
  /** Rate in basis points (1900 = 19 %). */
  rateBasisPoints: number;
  /** How the invoice names the category beside the rate ("USt 19 %", "nicht steuerbar"). */
  label: string;
  /** The statutory note the invoice must carry for lines of this category, or null. */
  note: string | null;
}

/** The German standard rate, 19 % (§ 12 Abs. 1 UStG), in basis points. */
export const STANDARD_VAT_BASIS_POINTS = 1900;

export const NOT_TAXABLE_IN_GERMANY_NOTE =
  'Nicht im Inland steuerbare Lieferung; Ware im Zollfreilager Genf (Schweiz)';

export const TAX_CATEGORIES: Record<TaxCategoryKey, TaxCategory> = {
  STANDARD: {
    key: 'STANDARD',
    code: 'S',
    rateBasisPoints: STANDARD_VAT_BASIS_POINTS,
    label: 'USt 19 %',
    note: null,
  },
  NOT_TAXABLE_IN_GERMANY: {
    key: 'NOT_TAXABLE_IN_GERMANY',
    code: 'O',
    rateBasisPoints: 0,
    label: 'nicht steuerbar',
    note: NOT_TAXABLE_IN_GERMANY_NOTE,
  },
};

/** The one rule: which tax category each kind of line has (reasons in the header). */
export const LINE_TAX_CATEGORY: Record<InvoiceLineKind, TaxCategoryKey> = {
  WINE: 'NOT_TAXABLE_IN_GERMANY',
  LOGISTICS: 'STANDARD',
  CONDITION_REPORT: 'STANDARD',
  UPFRONT_STORAGE: 'STANDARD',
  MANAGEMENT_FEE: 'STANDARD',
  SALES_COMMISSION: 'STANDARD',
};

export const taxCategoryOf = (kind: InvoiceLineKind): TaxCategory => TAX_CATEGORIES[LINE_TAX_CATEGORY[kind]];

/** "19 %", "0 %": a rate in basis points as the invoice prints it. */
export function formatRate(basisPoints: number): string {
  const percent = basisPoints / 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace('.', ',')} %`;
}

/**
 * The net amount and the tax contained in a gross amount (VAT included) at `rateBasisPoints`:
 * net = gross ÷ (1 + rate), rounded half up to the cent; tax = gross − net, so both add up to
 * the gross exactly. A negative gross (a cancellation) splits like its positive counterpart.
 */
export function splitGross(grossCents: Cents, rateBasisPoints: number): { netCents: Cents; taxCents: Cents } {
  if (grossCents < 0) {
    const positive = splitGross(-grossCents, rateBasisPoints);
    return { netCents: -positive.netCents, taxCents: -positive.taxCents };
  }
  const netCents = divideRoundHalfUp(grossCents * 10_000, 10_000 + rateBasisPoints);
  return { netCents, taxCents: grossCents - netCents };
}

export interface TaxedLine {
  kind: InvoiceLineKind;
  /** What the client pays for the line, VAT included. */
  grossCents: Cents;
}

export interface TaxBreakdownRow {
  category: TaxCategory;
  netCents: Cents;
  taxCents: Cents;
  grossCents: Cents;
}

/**
 * Net amounts, rate and tax per tax category (§ 14 Abs. 4 Nr. 7 and 8 UStG), in a fixed order
 * (not taxable first, then the standard rate); categories without lines are left out.
 */
export function taxBreakdown(lines: readonly TaxedLine[]): TaxBreakdownRow[] {
  const order: TaxCategoryKey[] = ['NOT_TAXABLE_IN_GERMANY', 'STANDARD'];
  return order.flatMap((key) => {
    const own = lines.filter((line) => LINE_TAX_CATEGORY[line.kind] === key);
    if (own.length === 0) return [];
    const category = TAX_CATEGORIES[key];
    const grossCents = own.reduce((sum, line) => sum + line.grossCents, 0);
    return [{ category, grossCents, ...splitGross(grossCents, category.rateBasisPoints) }];
  });
}

/** The statutory notes the lines need, each once, in the breakdown's order. */
export function taxNotes(lines: readonly TaxedLine[]): string[] {
  return taxBreakdown(lines).flatMap((row) => (row.category.note ? [row.category.note] : []));
}

/**
 * What a payment provider's own document (Stripe's hosted invoice and its PDF) must say about
 * itself. Two documents that both read as invoices for one supply would make the business owe the
 * VAT shown on each (§ 14c UStG), so the provider's page is a payment request that names the
 * portal's invoice, which stays the only invoice. Stripe limits a custom field's name to 40 and its
 * value to 140 characters; these fit.
 */
export const PAYMENT_REQUEST_TEXTS = {
  title: 'Zahlungsaufforderung',
  notInvoice: 'Keine Rechnung im Sinne des § 14 UStG.',
  description: (invoiceNumber: string) =>
    `Zahlungsaufforderung zu unserer Rechnung ${invoiceNumber}. Dieses Dokument ist keine Rechnung im Sinne des § 14 UStG; die Rechnung finden Sie in Ihrem Weindepot unter „Rechnungen“.`,
  referenceField: 'Zu Rechnung',
  documentField: 'Dokument',
  documentValue: 'Zahlungsaufforderung, keine Rechnung',
} as const;
