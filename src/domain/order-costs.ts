/**
 * The order list's cost summary (spec: "Checkout", business constants): vintages sum
 * (amount × caskOf × bottle price), logistics and upfront storage per case, a condition report
 * per flagged case, and the management fee of 2.25 % p.a. of the portfolio value including
 * VAT, shown yearly and monthly (÷ 12). The overall sum is what the client pays now: vintages,
 * logistics, condition reports, upfront storage and the first monthly fee.
 *
 * All in integer cents; the one division (fee rate, twelfths) rounds half up exactly with
 * integer arithmetic, so many positions never drift.
 */
import { type Cents, centsToDecimal, divideRoundHalfUp, formatEuro } from './money';
import { lineTotalCents } from './offer-pricing';
import { countLabel } from './plural';
import { STANDARD_VAT_BASIS_POINTS } from './tax';

/** Per-case amounts and the fee rate; the server reads them from its configuration. */
export interface FeeSchedule {
  logisticsPerCaseCents: Cents;
  upfrontStoragePerCaseCents: Cents;
  conditionReportPerCaseCents: Cents;
  /** Management fee per year in basis points of the portfolio value (225 = 2.25 %). */
  managementFeeBasisPoints: number;
  /** VAT on the management fee in basis points (1900 = 19 %). */
  vatBasisPoints: number;
}

/** Documented defaults (README): 39 € logistics, 24 € upfront storage, 49 € condition report per case, 2.25 % p.a. + 19 % VAT. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  logisticsPerCaseCents: 3900,
  upfrontStoragePerCaseCents: 2400,
  conditionReportPerCaseCents: 4900,
  managementFeeBasisPoints: 225,
  vatBasisPoints: STANDARD_VAT_BASIS_POINTS,
};

export interface CostLine {
  /** Cases. */
  amount: number;
  /** Bottles per case. */
  caskOf: number;
  /** Price per bottle as the database's decimal string ("785.00"). */
  priceBtl: string;
  conditionReport: boolean;
}

export interface CostSummary {
  cases: number;
  vintagesSum: Cents;
  logisticsSum: Cents;
  conditionReportSum: Cents;
  upfrontStorageSum: Cents;
  managementFeeYearly: Cents;
  managementFeeMonthly: Cents;
  overallSum: Cents;
}

export { divideRoundHalfUp } from './money';

/**
 * Management fee per year incl. VAT: value × rate × (1 + VAT), rounded half up once. The product
 * is formed as a BigInt: as a plain number it leaves the exact integer range (2^53) for large
 * portfolios, and a fee of exactly half a cent would then round the wrong way.
 */
export function managementFeeYearlyCents(
  portfolioValue: Cents,
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): Cents {
  const numerator =
    BigInt(Math.round(portfolioValue)) *
    BigInt(fees.managementFeeBasisPoints) *
    BigInt(10_000 + fees.vatBasisPoints);
  const denominator = 100_000_000n;
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return Number(remainder * 2n >= denominator ? quotient + 1n : quotient);
}

/**
 * The management fee of one month incl. VAT: the yearly fee of `portfolioValue`, rounded once,
 * divided by 12 and rounded half up. The order list's monthly fee, billing (analytics) and the
 * 15-year simulation charge through this one function, so the same value gives the same fee.
 */
export function managementFeeMonthlyCents(
  portfolioValue: Cents,
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): Cents {
  return divideRoundHalfUp(managementFeeYearlyCents(portfolioValue, fees), 12);
}

export function costSummary(
  lines: readonly CostLine[],
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): CostSummary {
  let cases = 0;
  let flaggedCases = 0;
  let vintagesSum = 0;
  for (const line of lines) {
    cases += line.amount;
    if (line.conditionReport) flaggedCases += line.amount;
    vintagesSum += lineTotalCents(line.amount, line.caskOf, line.priceBtl);
  }
  const logisticsSum = cases * fees.logisticsPerCaseCents;
  const upfrontStorageSum = cases * fees.upfrontStoragePerCaseCents;
  const conditionReportSum = flaggedCases * fees.conditionReportPerCaseCents;
  const managementFeeYearly = managementFeeYearlyCents(vintagesSum, fees);
  const managementFeeMonthly = managementFeeMonthlyCents(vintagesSum, fees);
  return {
    cases,
    vintagesSum,
    logisticsSum,
    conditionReportSum,
    upfrontStorageSum,
    managementFeeYearly,
    managementFeeMonthly,
    overallSum: vintagesSum + logisticsSum + conditionReportSum + upfrontStorageSum + managementFeeMonthly,
  };
}

export type CostSummaryStrings = { [Key in Exclude<keyof CostSummary, 'cases'> as `${Key}Str`]: string };

/** The summary as shown: '1.234,56 €' per sum. */
export function costSummaryStrings(summary: CostSummary): CostSummaryStrings {
  return {
    vintagesSumStr: formatEuro(summary.vintagesSum),
    logisticsSumStr: formatEuro(summary.logisticsSum),
    conditionReportSumStr: formatEuro(summary.conditionReportSum),
    upfrontStorageSumStr: formatEuro(summary.upfrontStorageSum),
    managementFeeYearlyStr: formatEuro(summary.managementFeeYearly),
    managementFeeMonthlyStr: formatEuro(summary.managementFeeMonthly),
    overallSumStr: formatEuro(summary.overallSum),
  };
}

/** Cases per order position in the add dialog and the order list (spec: integer 1 to 100). */
export const MIN_ORDER_CASES = 1;
export const MAX_ORDER_CASES = 100;

export type OrderAmountProblem = 'not-whole' | 'too-small' | 'too-large' | 'not-available';

/** Why a case amount cannot be ordered, or null; `availableCases` caps it when known. */
export function orderAmountProblem(amount: number, availableCases?: number): OrderAmountProblem | null {
  if (!Number.isInteger(amount)) return 'not-whole';
  if (amount < MIN_ORDER_CASES) return 'too-small';
  if (amount > MAX_ORDER_CASES) return 'too-large';
  if (availableCases !== undefined && amount > availableCases) return 'not-available';
  return null;
}

/** German message per amount problem (server refusals and the dialog's field error). */
export function orderAmountMessage(problem: OrderAmountProblem, availableCases?: number): string {
  switch (problem) {
    case 'not-whole':
      return 'Bitte geben Sie eine ganze Zahl an Kisten an.';
    case 'too-small':
      return `Bitte bestellen Sie mindestens ${MIN_ORDER_CASES} Kiste.`;
    case 'too-large':
      return `Es können höchstens ${MAX_ORDER_CASES} Kisten je Position bestellt werden.`;
    case 'not-available':
      return availableCases === 0
        ? 'Dieses Angebot ist leider ausverkauft.'
        : `Es sind nur noch ${countLabel(availableCases ?? 0, 'Kiste')} verfügbar.`;
  }
}

/** Invoice numbers: year, dash, four-digit running number (spec: "year, dash, number"). */
export const INVOICE_NUMBER_PATTERN = /^(\d{4})-(\d{4,})$/;

export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, '0')}`;
}

/** "2026-0012" → { year: 2026, sequence: 12 }; null when it is not an invoice number. */
export function parseInvoiceNumber(value: string): { year: number; sequence: number } | null {
  const match = INVOICE_NUMBER_PATTERN.exec(value.trim());
  if (!match) return null;
  return { year: Number(match[1]), sequence: Number(match[2]) };
}

/** The number after the highest existing one of that year (1 for the year's first invoice). */
export function nextInvoiceNumber(year: number, existing: readonly string[]): string {
  let highest = 0;
  for (const number of existing) {
    const parsed = parseInvoiceNumber(number);
    if (parsed && parsed.year === year && parsed.sequence > highest) highest = parsed.sequence;
  }
  return formatInvoiceNumber(year, highest + 1);
}

/** The sums an invoice stores, in the order of the cost summary. */
export const invoiceSumFields = [
  'vintagesSum',
  'logisticsSum',
  'conditionReportSum',
  'upfrontStorageSum',
  'managementFeeMonthly',
  'managementFeeYearly',
  'overallSum',
] as const;

/** A cost summary as the invoice's decimal columns (exact cents as "1234.50"). */
export function invoiceSumColumns(sums: CostSummary): Record<(typeof invoiceSumFields)[number], string> {
  return Object.fromEntries(invoiceSumFields.map((field) => [field, centsToDecimal(sums[field])])) as Record<
    (typeof invoiceSumFields)[number],
    string
  >;
}
