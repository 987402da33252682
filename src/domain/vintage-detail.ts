/** Rules of the vintage page: appellation ranking, score colours, maturity countdown, price chart. */

/** "Top 5 Prozent" at ≤ 5, "Top 10 Prozent" at ≤ 10, "Top 25 Prozent" at ≤ 25; null above 25. */
export function appellationRankingLabel(topPercentage: number | null | undefined): string | null {
  if (topPercentage === null || topPercentage === undefined || Number.isNaN(topPercentage)) return null;
  if (topPercentage > 25) return null;
  if (topPercentage <= 5) return 'Top 5 Prozent';
  if (topPercentage <= 10) return 'Top 10 Prozent';
  return 'Top 25 Prozent';
}

const GREY: readonly [number, number, number] = [173, 181, 189];
const GREEN: readonly [number, number, number] = [47, 158, 68];
export const SCORE_SCALE_MIN = 95;
export const SCORE_SCALE_MAX = 100;

/** Share of the grey→green scale: 0 at 95 points or below, 1 at 100 points. */
export function scoreScaleShare(score: number): number {
  const share = (score - SCORE_SCALE_MIN) / (SCORE_SCALE_MAX - SCORE_SCALE_MIN);
  return Math.min(1, Math.max(0, share));
}

/** Background colour of a critic score: grey at ≤ 95, green at 100, linear in between. */
export function scoreColor(score: number): string {
  const share = scoreScaleShare(score);
  const channel = (index: 0 | 1 | 2) => Math.round(GREY[index] + (GREEN[index] - GREY[index]) * share);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Time until the drinking maturity starts (1 January of the maturity year); null when that
 * year is past (the card is then hidden). In the maturity year itself the countdown is zero.
 */
export function maturityCountdown(maturityYear: number | null | undefined, now: Date): Countdown | null {
  if (maturityYear === null || maturityYear === undefined) return null;
  if (maturityYear < now.getFullYear()) return null;
  const target = new Date(maturityYear, 0, 1).getTime();
  const total = Math.max(0, Math.floor((target - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export interface PriceHistoryYear {
  year: number;
  /** Decimal string or number in euro. */
  annualAvgEurAdj: string | number;
}

export interface PricePoint {
  /** The x-axis label ("Jahr"). */
  year: string;
  /** Euro ("Marktpreis"). */
  price: number;
}

/**
 * Points of the price-history chart: the yearly history, then the current market price labelled
 * with the current year (replacing a history entry of that year). Null when the chart would have
 * one point or none: the spec shows it only with more than one data point.
 */
export function priceHistoryPoints(
  history: readonly PriceHistoryYear[],
  currentPrice: string | number | null | undefined,
  currentYear: number,
): PricePoint[] | null {
  // Only a real price replaces the year's history entry; "", "0" or garbage leave the history as is.
  const current = Number(currentPrice ?? Number.NaN);
  const hasCurrent = Number.isFinite(current) && current > 0;
  const points = [...history]
    .filter((entry) => entry.year !== currentYear || !hasCurrent)
    .sort((a, b) => a.year - b.year)
    .map((entry) => ({ year: String(entry.year), price: Number(entry.annualAvgEurAdj) }));
  if (hasCurrent) points.push({ year: String(currentYear), price: current });
  return points.length > 1 ? points : null;
}

/** "Keine Unterindexierung" when the vintage is in no sub-index. */
export function subindexLabel(subindex: string | null | undefined): string {
  return subindex && subindex.trim() !== '' ? subindex : 'Keine Unterindexierung';
}
