/**
 * The public fine-wine price index (/index-chart): equal-weighted and chain-linked from the
 * vintages' yearly market prices, base 100 in its first year.
 *
 * For each year after the first, the index moves by the plain average of the price changes of
 * all vintages that have a price in that year and in the year before; vintages entering later
 * join without causing a jump.
 */

export interface VintageYearPrice {
  vintageId: number;
  year: number;
  price: number;
}

export interface IndexPoint {
  year: number;
  value: number;
  /** Vintages that contributed to this year's change (all priced vintages in the base year). */
  vintageCount: number;
}

export const INDEX_BASE = 100;

/** What the public index rests on, as its page names the source beside the date of its newest price. */
export const PRICE_INDEX_SOURCE = 'Jahresdurchschnittspreise der Jahrgänge (Euro, bereinigt)';

export function equalWeightedIndex(prices: readonly VintageYearPrice[]): IndexPoint[] {
  const byYear = new Map<number, Map<number, number>>();
  for (const { vintageId, year, price } of prices) {
    if (!(price > 0)) continue;
    const yearPrices = byYear.get(year) ?? new Map<number, number>();
    yearPrices.set(vintageId, price);
    byYear.set(year, yearPrices);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const [firstYear] = years;
  if (firstYear === undefined) return [];
  const points: IndexPoint[] = [
    { year: firstYear, value: INDEX_BASE, vintageCount: byYear.get(firstYear)?.size ?? 0 },
  ];
  let value = INDEX_BASE;
  for (let i = 1; i < years.length; i++) {
    const year = years[i] as number;
    const previous = byYear.get(years[i - 1] as number) ?? new Map<number, number>();
    const current = byYear.get(year) ?? new Map<number, number>();
    const ratios = [...current].flatMap(([vintageId, price]) => {
      const before = previous.get(vintageId);
      return before ? [price / before] : [];
    });
    if (ratios.length > 0) value *= ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
    points.push({ year, value: Math.round(value * 100) / 100, vintageCount: ratios.length });
  }
  return points;
}

// ─── Monthly index beside the depot ──────────────────────────────────────────

/** One market valuation as the monthly index reads it (the depot's valuations: euro per 0.75 l). */
export interface IndexValuation {
  vintageId: number;
  /** Day (Europe/Berlin, `YYYY-MM-DD`) the valuation is dated. */
  day: string;
  /** Orders the valuations of one day (newest last). */
  time: number;
  /** Decimal string or number, euro. */
  value: string | number;
}

export interface MonthlyIndexPoint {
  day: string;
  /** 100 on the first day. */
  value: number;
  /** Vintages whose change moved the index into this day (all priced vintages on the first day). */
  vintageCount: number;
  /** Day of the newest valuation the point rests on; null while no vintage has a price. */
  newestPriceDay: string | null;
}

/**
 * The price index at each of `days` (ascending), from the same market valuations the depot is
 * valued with: each vintage's price on a day is its newest valuation dated on or before it; from
 * one day to the next the index moves by the plain average of the price changes of the vintages
 * priced on both days (equal-weighted, chain-linked, like the yearly index). A vintage first
 * priced later joins without a jump; a day on which no vintage has a price both before and then
 * keeps the value. Base 100 on the first day.
 */
export function monthlyIndex(
  valuations: readonly IndexValuation[],
  days: readonly string[],
): MonthlyIndexPoint[] {
  const sorted = valuations
    .filter((valuation) => Number(valuation.value) > 0)
    .sort((a, b) => (a.day !== b.day ? (a.day < b.day ? -1 : 1) : a.time - b.time));
  let previous = new Map<number, number>();
  const current = new Map<number, number>();
  let next = 0;
  let newestPriceDay: string | null = null;
  let value = INDEX_BASE;
  const points: MonthlyIndexPoint[] = [];
  for (const [position, day] of days.entries()) {
    while (next < sorted.length && (sorted[next] as IndexValuation).day <= day) {
      const valuation = sorted[next++] as IndexValuation;
      current.set(valuation.vintageId, Number(valuation.value));
      newestPriceDay = valuation.day;
    }
    if (position === 0) {
      points.push({ day, value: INDEX_BASE, vintageCount: current.size, newestPriceDay });
    } else {
      let sum = 0;
      let count = 0;
      for (const [vintageId, price] of current) {
        const before = previous.get(vintageId);
        if (before === undefined) continue;
        sum += price / before;
        count += 1;
      }
      if (count > 0) value *= sum / count;
      points.push({ day, value: Math.round(value * 100) / 100, vintageCount: count, newestPriceDay });
    }
    previous = new Map(current);
  }
  return points;
}
