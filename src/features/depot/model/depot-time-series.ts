/**
 * "Portfolio-Zeitreihe (kumuliert)" (spec client area §9): the cumulative invested amount per
 * purchase day, a projected point to today using the larger of 2500 € and the mean of the daily
 * purchase amounts without the largest, a monthly grid for a span up to 12 months, otherwise
 * quarterly. Fewer than 2 dated purchases: not enough data.
 */
import type { Cents } from '../../../domain/money';

export const MIN_PROJECTION: Cents = 250_000;

export interface Purchase {
  date: Date | null;
  amount: Cents;
}

export interface TimeSeriesPoint {
  /** Midnight UTC of the day, in milliseconds. */
  time: number;
  cumulative: Cents;
  projected: boolean;
}

export interface TimeSeries {
  points: TimeSeriesPoint[];
  /** Grid lines (milliseconds): first of each month, or of each quarter for a longer span. */
  grid: number[];
  gridUnit: 'month' | 'quarter';
}

const dayOf = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/** Purchase amounts summed per day, in date order. */
export function dailyPurchases(purchases: readonly Purchase[]): { time: number; amount: Cents }[] {
  const byDay = new Map<number, Cents>();
  for (const purchase of purchases) {
    if (!purchase.date) continue;
    const day = dayOf(purchase.date);
    byDay.set(day, (byDay.get(day) ?? 0) + purchase.amount);
  }
  return [...byDay.entries()].sort(([a], [b]) => a - b).map(([time, amount]) => ({ time, amount }));
}

/** The larger of 2500 € and the mean daily purchase amount without the (one) largest day. */
export function projectedIncrement(dailyAmounts: readonly Cents[]): Cents {
  if (dailyAmounts.length < 2) return MIN_PROJECTION;
  const largest = Math.max(...dailyAmounts);
  const rest = [...dailyAmounts];
  rest.splice(rest.indexOf(largest), 1);
  const mean = rest.reduce((sum, amount) => sum + amount, 0) / rest.length;
  return Math.max(MIN_PROJECTION, Math.round(mean));
}

/** The same day `months` calendar months later; a day the month lacks becomes its last (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(day: number, months: number): number {
  const date = new Date(day);
  const target = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const targetDate = new Date(target);
  const lastDay = new Date(
    Date.UTC(targetDate.getUTCFullYear(), targetDate.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return Date.UTC(
    targetDate.getUTCFullYear(),
    targetDate.getUTCMonth(),
    Math.min(date.getUTCDate(), lastDay),
  );
}

/** A span up to 12 months: `to` at most 12 calendar months after `from`. */
export const MONTHLY_GRID_MONTHS = 12;

/**
 * Grid lines from the first to the last day: monthly when the last day is at most 12 calendar
 * months after the first (1 Jun 2025 → 1 Jun 2026 is monthly, → 2 Jun 2026 quarterly), otherwise
 * the first day of each quarter.
 */
export function timeSeriesGrid(from: number, to: number): { grid: number[]; gridUnit: 'month' | 'quarter' } {
  const gridUnit = to <= addCalendarMonths(from, MONTHLY_GRID_MONTHS) ? 'month' : 'quarter';
  const step = gridUnit === 'month' ? 1 : 3;
  const start = new Date(from);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  if (gridUnit === 'quarter') month -= month % 3;
  const grid: number[] = [];
  for (;;) {
    const tick = Date.UTC(year, month, 1);
    if (tick > to) break;
    if (tick >= from) grid.push(tick);
    month += step;
    if (month >= 12) {
      year += Math.floor(month / 12);
      month %= 12;
    }
  }
  return { grid, gridUnit };
}

/** The cumulative series, or null with fewer than 2 dated purchases. */
export function depotTimeSeries(purchases: readonly Purchase[], now: Date): TimeSeries | null {
  if (purchases.filter((purchase) => purchase.date).length < 2) return null;
  const days = dailyPurchases(purchases);
  let cumulative = 0;
  const points: TimeSeriesPoint[] = days.map(({ time, amount }) => {
    cumulative += amount;
    return { time, cumulative, projected: false };
  });
  const today = dayOf(now);
  const last = points[points.length - 1];
  if (last && today > last.time) {
    const increment = projectedIncrement(days.map((day) => day.amount));
    points.push({ time: today, cumulative: cumulative + increment, projected: true });
  }
  const first = points[0]?.time ?? today;
  const end = Math.max(today, last?.time ?? today);
  return { points, ...timeSeriesGrid(first, end) };
}
