/**
 * Portfolio proposal figures: pie slices (merged by label, one colour per region, default
 * grey) and the region distribution table. A slice's share is price per bottle × cases ×
 * bottles per case (spec entry/checkout §9).
 */
import { REGION_COLORS } from './depot-region-colors';
import type { Cents } from './money';
import { lineTotalCents } from './offer-pricing';

export const DEFAULT_SLICE_COLOR = '#adb5bd';

export interface PortfolioLine {
  /** Slice label, e.g. the wine title. */
  label: string;
  region: string;
  /** Price per bottle as a decimal string. */
  priceBtl: string;
  /** Cases. */
  amount: number;
  caskOf: number;
}

export interface Slice {
  label: string;
  region: string;
  color: string;
  value: Cents;
  /** Percent of the total, two decimals. */
  share: number;
}

export const lineValue = (line: PortfolioLine): Cents =>
  lineTotalCents(line.amount, line.caskOf, line.priceBtl);

export const regionSliceColor = (region: string): string => REGION_COLORS[region] ?? DEFAULT_SLICE_COLOR;

const share = (value: number, total: number) =>
  total === 0 ? 0 : Math.round((value / total) * 10_000) / 100;

/** Slices with the same label are merged (first occurrence keeps its place and region). */
export function pieSlices(lines: readonly PortfolioLine[]): Slice[] {
  const merged = new Map<string, { label: string; region: string; value: Cents }>();
  for (const line of lines) {
    const existing = merged.get(line.label);
    if (existing) existing.value += lineValue(line);
    else merged.set(line.label, { label: line.label, region: line.region, value: lineValue(line) });
  }
  const total = [...merged.values()].reduce((sum, slice) => sum + slice.value, 0);
  return [...merged.values()].map((slice) => ({
    ...slice,
    color: regionSliceColor(slice.region),
    share: share(slice.value, total),
  }));
}

export interface RegionShare {
  region: string;
  color: string;
  value: Cents;
  cases: number;
  share: number;
}

/** Region distribution, largest first (ties by name). */
export function regionShares(lines: readonly PortfolioLine[]): RegionShare[] {
  const byRegion = new Map<string, { value: Cents; cases: number }>();
  for (const line of lines) {
    const entry = byRegion.get(line.region) ?? { value: 0, cases: 0 };
    entry.value += lineValue(line);
    entry.cases += line.amount;
    byRegion.set(line.region, entry);
  }
  const total = [...byRegion.values()].reduce((sum, entry) => sum + entry.value, 0);
  return [...byRegion.entries()]
    .map(([region, entry]) => ({
      region,
      color: regionSliceColor(region),
      value: entry.value,
      cases: entry.cases,
      share: share(entry.value, total),
    }))
    .sort((a, b) => b.value - a.value || a.region.localeCompare(b.region));
}

export const portfolioTotal = (lines: readonly PortfolioLine[]): Cents =>
  lines.reduce((sum, line) => sum + lineValue(line), 0);
