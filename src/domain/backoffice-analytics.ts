/**
 * The back office's own analytics (instead of embedded external charts): purchases and
 * open quantities per supplier, the monthly service-fee revenue over time and per client, and the
 * sales per month and region. The server aggregates in SQL; these pure functions do the money
 * rules (the fee of `order-costs.ts`, exact cents) and shape the figures for charts and tables.
 */

import { businessDay, formatMonthYear } from './dates';
import { type Cents, formatEuro } from './money';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule, managementFeeMonthlyCents } from './order-costs';

/** Months shown by the service-fee and sales charts. */
export const ANALYTICS_MONTHS = 24;
/** Clients listed in the top-clients table. */
export const TOP_CLIENTS = 20;

// ─── Months ───────────────────────────────────────────────────────────────────

/** "2026-03" of a date (UTC). */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The `count` month keys up to and including the month of `now` (UTC), oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1))),
  );
}

/**
 * The `count` month keys up to and including the German calendar month of `now` (Europe/Berlin),
 * oldest first: between midnight in Germany and midnight UTC on a month's last day the German
 * month has already changed (invoices are dated with the German day).
 */
export function lastGermanMonths(now: Date, count: number): string[] {
  return lastMonths(new Date(`${businessDay(now)}T00:00:00Z`), count);
}

/** First instant of a month and of the month after it (UTC). */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, monthNumber - 1, 1)),
    end: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

/** "2026-03" → "März 2026" (short month names: "Jan. 2026"). */
export function formatMonth(month: string): string {
  return formatMonthYear(monthBounds(month).start);
}

/** Rows of `months` in that order; a month without a row gets `empty(month)`. */
export function fillMonths<Row extends { month: string }>(
  rows: readonly Row[],
  months: readonly string[],
  empty: (month: string) => Row,
): Row[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => byMonth.get(month) ?? empty(month));
}

// ─── Service fee ──────────────────────────────────────────────────────────────

export interface MonthlyServiceFee {
  /** 2.25 % p.a. ÷ 12 without VAT: the business's revenue. */
  net: Cents;
  /** Including VAT, as the order list shows and the client pays it. */
  gross: Cents;
}

/**
 * The service fee of one client for one month: `managementFeeMonthlyCents` of `order-costs.ts`
 * (2.25 % p.a. of the depot value, rounded once, divided by 12, rounded half up).
 */
export function monthlyServiceFee(
  depotValue: Cents,
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): MonthlyServiceFee {
  return {
    net: managementFeeMonthlyCents(depotValue, { ...fees, vatBasisPoints: 0 }),
    gross: managementFeeMonthlyCents(depotValue, fees),
  };
}

/** A client's depot value at the end of a month (from SQL). */
export interface ClientMonthValue {
  month: string;
  clientId: number;
  depotValue: Cents;
}

export interface ServiceFeeMonth {
  month: string;
  depotValue: Cents;
  feeNet: Cents;
  feeGross: Cents;
  /** Clients with a depot that month. */
  clients: number;
}

export interface ServiceFeeClient {
  clientId: number;
  /** Depot value and monthly fee in the newest month. */
  depotValue: Cents;
  monthlyFeeNet: Cents;
  monthlyFeeGross: Cents;
  /** Net fees of all months of the period. */
  feeNetTotal: Cents;
}

/**
 * Fees per month and per client: each client's fee is computed from that client's depot value
 * (as it is billed), then summed. Clients are ordered by the newest month's fee, then by the
 * period's total.
 */
export function serviceFeeSummary(
  values: readonly ClientMonthValue[],
  months: readonly string[],
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): { months: ServiceFeeMonth[]; clients: ServiceFeeClient[] } {
  const newest = months[months.length - 1];
  const perMonth = new Map<string, ServiceFeeMonth>(
    months.map((month) => [month, { month, depotValue: 0, feeNet: 0, feeGross: 0, clients: 0 }]),
  );
  const perClient = new Map<number, ServiceFeeClient>();
  for (const value of values) {
    const month = perMonth.get(value.month);
    if (!month || value.depotValue <= 0) continue;
    const fee = monthlyServiceFee(value.depotValue, fees);
    month.depotValue += value.depotValue;
    month.feeNet += fee.net;
    month.feeGross += fee.gross;
    month.clients += 1;
    const client = perClient.get(value.clientId) ?? {
      clientId: value.clientId,
      depotValue: 0,
      monthlyFeeNet: 0,
      monthlyFeeGross: 0,
      feeNetTotal: 0,
    };
    client.feeNetTotal += fee.net;
    if (value.month === newest) {
      client.depotValue = value.depotValue;
      client.monthlyFeeNet = fee.net;
      client.monthlyFeeGross = fee.gross;
    }
    perClient.set(value.clientId, client);
  }
  const clients = [...perClient.values()].sort(
    (a, b) => b.monthlyFeeNet - a.monthlyFeeNet || b.feeNetTotal - a.feeNetTotal || a.clientId - b.clientId,
  );
  return { months: [...perMonth.values()], clients };
}

// ─── Charts and tables ────────────────────────────────────────────────────────

/** Chart values are euros (numbers); tables and tooltips format them as "1.234,56 €". */
export const centsToEuros = (cents: Cents): number => cents / 100;

/** A chart value in euro as "1.234,56 €". */
export const formatEuroValue = (euros: number): string => formatEuro(Math.round(euros * 100));

const compactFormat = new Intl.NumberFormat('de-DE', { notation: 'compact', maximumFractionDigits: 1 });
const wholeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const shareFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Axis ticks in euro: 950 → "950 €", 12000 → "12.000 €", 1200000 → "1,2 Mio. €". */
export function formatEuroAxis(euros: number): string {
  return `${Math.abs(euros) >= 1_000_000 ? compactFormat.format(euros) : wholeFormat.format(euros)} €`;
}

/**
 * The `count` largest slices, the others summed into one `restLabel` slice (donut charts stay
 * readable with many regions or suppliers). Slices with a value of 0 are left out.
 */
export function largestWithRest(
  slices: readonly { label: string; value: number }[],
  count: number,
  restLabel: string,
): { label: string; value: number }[] {
  const sorted = slices.filter((slice) => slice.value > 0).sort((a, b) => b.value - a.value);
  const rest = sorted.slice(count).reduce((sum, slice) => sum + slice.value, 0);
  return rest > 0 ? [...sorted.slice(0, count), { label: restLabel, value: rest }] : sorted.slice(0, count);
}

/** Share of a part in percent with one decimal, German: "12,5 %"; "–" without a total. */
export function formatShare(part: number, total: number): string {
  if (total <= 0) return '–';
  return `${shareFormat.format((part / total) * 100)} %`;
}

/** One sentence summing a series for screen readers and the chart's caption. */
export function seriesSummary(points: readonly { label: string; value: Cents }[], what: string): string {
  if (points.length === 0) return `Keine Daten für ${what}.`;
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const highest = points.reduce((best, point) => (point.value > best.value ? point : best));
  return `${what}: insgesamt ${formatEuro(total)}; höchster Wert ${formatEuro(highest.value)} (${highest.label}).`;
}

/** 225 → "2,25 %", 1900 → "19 %". */
export function formatBasisPoints(basisPoints: number): string {
  return `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(basisPoints / 100)} %`;
}
