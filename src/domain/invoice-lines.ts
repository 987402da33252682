/**
 * The lines of an invoice as a tax office reads them (§ 14 Abs. 4 UStG): quantity and kind of
 * each line, its day of supply (or service period, or for an advance payment the day of payment
 * and the expected delivery), its tax category (`tax.ts`) and its amount. The invoice PDF, the
 * cancellation invoice, the final invoice and an e-invoice are all made from these lines.
 *
 * Day of supply of wine: the day its cases were booked into the client's depot (the depot
 * position's PURCHASED entry, written when the payment arrives); logistics, upfront storage and
 * condition report are rendered with that booking; the management fee's service period is the
 * first month from it. En-primeur wine (expected delivery after the invoice date) is paid in
 * advance: its line carries the day of payment and the expected delivery month.
 */
import { formatDate } from './dates';
import { decimalToCents } from './money';
import { lineTotalCents } from './offer-pricing';
import { countLabel } from './plural';
import { deliveryMonth } from './storage-state';
import { type InvoiceLineKind, type TaxCategory, taxCategoryOf } from './tax';

export type SupplyDate =
  /** Supplied (or rendered) on this day, `YYYY-MM-DD`. */
  | { kind: 'DAY'; day: string }
  /** A service over a period, both days included. */
  | { kind: 'PERIOD'; from: string; to: string }
  /** Not yet supplied: the cases are booked into the depot when the payment arrives. */
  | { kind: 'ON_BOOKING' }
  /** Paid before delivery (en primeur): the day of payment, if paid, and the expected delivery day. */
  | { kind: 'ADVANCE'; paidOn: string | null; expectedDelivery: string };

export interface BilledLine {
  kind: InvoiceLineKind;
  /** What is supplied: "Ornellaia 2021 (0,75 l)", "Logistik". */
  description: string;
  /** Quantity and unit as printed: "2 Kisten à 6 Flaschen", "4 Kisten", "1 Monat". */
  quantity: string;
  supply: SupplyDate;
  category: TaxCategory;
  /** What the client pays for the line, VAT included (negative on a cancellation invoice). */
  grossCents: number;
  /** Wine: the price per bottle and the bottles (an e-invoice's unit price and quantity); fees: null. */
  perBottle: { priceCents: number; bottles: number } | null;
}

export interface WinePositionFacts {
  title: string;
  bottleSize: string;
  cases: number;
  bottlesPerCase: number;
  /** Price per bottle as the database's decimal ("785.00"). */
  priceBtl: string;
  /** The vintage's expected en-primeur delivery day, `YYYY-MM-DD`, if it has one. */
  enPrimeurDeliveryDate: string | null;
  /** The day its cases were booked into the depot, `YYYY-MM-DD`; null while unpaid. */
  bookedOn: string | null;
  /** A Zweitmarkt listing: named as such. */
  resale: boolean;
}

export interface FeeFacts {
  kind: Exclude<InvoiceLineKind, 'WINE' | 'SALES_COMMISSION'>;
  label: string;
  grossCents: number;
  /** Cases the fee is charged for (per-case fees). */
  cases: number;
}

/** A wine bought before it is delivered: its expected delivery lies after the invoice date. */
export const isAdvancePosition = (
  position: Pick<WinePositionFacts, 'enPrimeurDeliveryDate'>,
  invoiceDate: string,
): boolean => Boolean(position.enPrimeurDeliveryDate && position.enPrimeurDeliveryDate > invoiceDate);

/** `YYYY-MM-DD` one month after `day`, minus one day (the first month's last day). */
export function lastDayOfFirstMonth(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, date));
  // 31 January + 1 month is 3 March in JavaScript: a month ends at the next month's end at the latest.
  const endOfNextMonth = new Date(Date.UTC(year, month + 1, 0));
  const end = next > endOfNextMonth ? endOfNextMonth : next;
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** The billed lines of an invoice: its wines in order, then the fees it charges (none of 0 €). */
export function billedLines(input: {
  invoiceDate: string;
  /** The day of payment, `YYYY-MM-DD`; null while unpaid. */
  paidOn: string | null;
  wines: readonly WinePositionFacts[];
  fees: readonly FeeFacts[];
}): BilledLine[] {
  const booked = input.wines.map((wine) => wine.bookedOn).filter((day): day is string => Boolean(day));
  const bookingDay = booked.sort()[0] ?? input.paidOn;
  const wines = input.wines.map(
    (wine): BilledLine => ({
      kind: 'WINE',
      description: `${wine.title} (${wine.bottleSize})${wine.resale ? ' – Zweitmarkt' : ''}`,
      quantity: `${countLabel(wine.cases, 'Kiste')} à ${countLabel(wine.bottlesPerCase, 'Flasche')}`,
      supply:
        wine.enPrimeurDeliveryDate && isAdvancePosition(wine, input.invoiceDate)
          ? { kind: 'ADVANCE', paidOn: input.paidOn, expectedDelivery: wine.enPrimeurDeliveryDate }
          : wine.bookedOn
            ? { kind: 'DAY', day: wine.bookedOn }
            : { kind: 'ON_BOOKING' },
      category: taxCategoryOf('WINE'),
      grossCents: lineTotalCents(wine.cases, wine.bottlesPerCase, wine.priceBtl),
      perBottle: { priceCents: decimalToCents(wine.priceBtl), bottles: wine.cases * wine.bottlesPerCase },
    }),
  );
  const fees = input.fees
    .filter((fee) => fee.grossCents !== 0)
    .map(
      (fee): BilledLine => ({
        kind: fee.kind,
        description: fee.label,
        quantity: fee.kind === 'MANAGEMENT_FEE' ? '1 Monat' : countLabel(fee.cases, 'Kiste'),
        supply: !bookingDay
          ? { kind: 'ON_BOOKING' }
          : fee.kind === 'MANAGEMENT_FEE'
            ? { kind: 'PERIOD', from: bookingDay, to: lastDayOfFirstMonth(bookingDay) }
            : { kind: 'DAY', day: bookingDay },
        category: taxCategoryOf(fee.kind),
        grossCents: fee.grossCents,
        perBottle: null,
      }),
    );
  return [...wines, ...fees];
}

/** How the invoice prints a line's day of supply. */
export function supplyDateText(supply: SupplyDate): string {
  switch (supply.kind) {
    case 'DAY':
      return formatDate(supply.day);
    case 'PERIOD':
      return `${formatDate(supply.from)} – ${formatDate(supply.to)}`;
    case 'ON_BOOKING':
      return 'bei Einbuchung ins Depot (mit Zahlungseingang)';
    case 'ADVANCE':
      return `Anzahlung${supply.paidOn ? ` vom ${formatDate(supply.paidOn)}` : ''}; Lieferung voraussichtlich ${deliveryMonth(supply.expectedDelivery)}`;
  }
}

/** The same lines with their amounts negated: what a cancellation invoice lists. */
export const cancelledLines = (lines: readonly BilledLine[]): BilledLine[] =>
  lines.map((line) => ({ ...line, grossCents: -line.grossCents }));
