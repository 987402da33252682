/**
 * The figures of an e-invoice (EN 16931, as Factur-X embeds it): the VAT category each line has
 * on the e-invoice, each line's net amount, the VAT breakdown and the document totals, made from
 * the same billed lines (`invoice-lines.ts`) and the same tax split (`tax.ts`) as the PDF, so both
 * state the same net amounts, tax and total.
 *
 * The category of wine on an e-invoice, TO BE CONFIRMED BY THE TAX ADVISER (docs/deviations.md,
 * "E-Rechnungen"): the printed invoice calls the wine "nicht steuerbar" (category O, outside the
 * scope of VAT). EN 16931 forbids an O group beside any other group on one invoice (BR-O-11 to
 * BR-O-14), and almost every invoice also bills the fees at 19 %. So on the e-invoice wine lines
 * carry category E (exempt, 0 %) with the statutory note as the exemption reason (BT-120): the
 * tax is 0 € either way and the reason says why. Splitting goods and fees onto separate invoices
 * would keep O but give every order two invoice numbers.
 *
 * Amounts are what the client pays, VAT included; the net amount of a rate is taken out of their
 * sum once (`splitGross`), so the tax of a rate can differ by one cent from "net × 19 %"; the
 * EN 16931 schematron's BR-CO-17 accepts a tax amount less than one currency unit from that
 * product (its test since the 1.3 releases). Each 19 % line's net is its share of the rate's net
 * (largest remainder), so the lines add up to the breakdown exactly (BR-CO-10, BR-S-08).
 */
import type { BilledLine } from './invoice-lines';
import type { Cents } from './money';
import { type TaxCategoryKey, taxBreakdown } from './tax';

export interface EInvoiceCategory {
  /** UNCL 5305 on the e-invoice: S standard rate, E exempt. */
  code: 'S' | 'E';
  /** BT-120, required for E (BR-E-10), forbidden for S (BR-S-10). */
  exemptionReason: string | null;
}

/** The one rule: which e-invoice category each tax category of the printed invoice becomes. */
export const E_INVOICE_CATEGORIES: Record<TaxCategoryKey, (note: string | null) => EInvoiceCategory> = {
  STANDARD: () => ({ code: 'S', exemptionReason: null }),
  NOT_TAXABLE_IN_GERMANY: (note) => ({ code: 'E', exemptionReason: note }),
};

export interface EInvoiceLine {
  line: BilledLine;
  category: EInvoiceCategory;
  rateBasisPoints: number;
  netCents: Cents;
}

export interface EInvoiceBreakdownRow {
  category: EInvoiceCategory;
  rateBasisPoints: number;
  basisCents: Cents;
  taxCents: Cents;
}

export interface EInvoiceFigures {
  lines: EInvoiceLine[];
  breakdown: EInvoiceBreakdownRow[];
  /** BT-106 = BT-109 (no document allowances or charges). */
  lineTotalCents: Cents;
  /** BT-110. */
  taxTotalCents: Cents;
  /** BT-112: what the client pays. */
  grandTotalCents: Cents;
}

/** `total` split over `weights` in proportion, rounded so the parts add up to `total` exactly. */
export function allocate(total: Cents, weights: readonly Cents[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (rest <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    rest -= 1;
  }
  return parts;
}

/**
 * The e-invoice's figures of `lines` (amounts positive: a cancellation invoice passes the
 * cancelled invoice's lines and says "credit note" by its type code, 381).
 */
export function eInvoiceFigures(lines: readonly BilledLine[]): EInvoiceFigures {
  const rows = taxBreakdown(lines);
  const eLines: EInvoiceLine[] = [];
  const breakdown = rows.map((row): EInvoiceBreakdownRow => {
    const category = E_INVOICE_CATEGORIES[row.category.key](row.category.note);
    const own = lines.filter((line) => line.category.key === row.category.key);
    const nets = allocate(
      row.netCents,
      own.map((line) => line.grossCents),
    );
    for (const [index, line] of own.entries()) {
      eLines.push({
        line,
        category,
        rateBasisPoints: row.category.rateBasisPoints,
        netCents: nets[index] ?? 0,
      });
    }
    return {
      category,
      rateBasisPoints: row.category.rateBasisPoints,
      basisCents: row.netCents,
      taxCents: row.taxCents,
    };
  });
  // The lines in the invoice's order (the breakdown groups them by category).
  eLines.sort((a, b) => lines.indexOf(a.line) - lines.indexOf(b.line));
  const lineTotalCents = breakdown.reduce((sum, row) => sum + row.basisCents, 0);
  const taxTotalCents = breakdown.reduce((sum, row) => sum + row.taxCents, 0);
  return {
    lines: eLines,
    breakdown,
    lineTotalCents,
    taxTotalCents,
    grandTotalCents: lineTotalCents + taxTotalCents,
  };
}

/** "1234.5" for the XML: cents as a decimal with two places and a point. */
export const xmlAmount = (cents: Cents): string => {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};

/** "19", "0", "7.5": a rate in basis points as a percentage for the XML. */
export const xmlPercent = (basisPoints: number): string => String(basisPoints / 100);
