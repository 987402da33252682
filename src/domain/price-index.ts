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
