/**
 * Market data of a vintage relative to the seed date: yearly price history (rising with
 * deterministic noise towards today's price) and monthly Wine-Searcher valuations of the last 38 months.
 */
import { daysBefore, fromCents, randomInt, seededRandom } from '../deterministic';
import type { VintageFacts } from './catalogue';

/** Euro per US dollar used for the dollar columns of the demo data. */
export const EXCHANGE_RATE_USD_EUR = 0.87;

export interface PriceHistoryRow {
  year: number;
  annualAvgEurAdj: string;
  annualAvgUsd: string;
}

export interface ValuationRow {
  value: string;
  datetimeCreated: Date;
}

const toUsd = (eurCents: number) => fromCents(eurCents / EXCHANGE_RATE_USD_EUR);

/**
 * Five to eight yearly averages up to the current year (year to date), never before the year
 * after the harvest: an en-primeur vintage therefore has only its first trading year.
 */
export function priceHistory(facts: VintageFacts, now: Date): PriceHistoryRow[] {
  const random = seededRandom(`history:${facts.lwin11}`);
  const currentYear = now.getUTCFullYear();
  const length = randomInt(random, 5, 8);
  const firstYear = Math.max(facts.seed.year + 1, currentYear - length + 1);
  const growth = 0.03 + random() * 0.05;
  let cents = facts.seed.marketPrice * 100 * (0.96 + random() * 0.03);
  const rows: PriceHistoryRow[] = [];
  for (let year = currentYear; year >= firstYear; year -= 1) {
    rows.push({ year, annualAvgEurAdj: fromCents(cents), annualAvgUsd: toUsd(cents) });
    cents /= 1 + growth + (random() - 0.5) * 0.08;
  }
  return rows.reverse();
}

/** Months of valuation history: back beyond the oldest demo purchase (1,060 days, about 35 months). */
export const VALUATION_MONTHS = 38;

/**
 * Monthly Wine-Searcher valuations of the last 38 months (from the en-primeur campaign on), the
 * newest dated the day the data is seeded and equal to the market price, the others about a
 * month apart (0–4 days of jitter). Going back, each month divides by a yearly drift of 2–9 %
 * plus noise of ±3.5 %, so the history moves like a market rather than a straight line.
 */
export function valuations(facts: VintageFacts, now: Date): ValuationRow[] {
  const random = seededRandom(`valuations:${facts.lwin11}`);
  const drift = (0.02 + random() * 0.07) / 12;
  let cents = facts.seed.marketPrice * 100;
  const rows: ValuationRow[] = [];
  // Not before the en-primeur campaign (April after the harvest), but at least two valuations.
  const firstTraded = Date.UTC(facts.seed.year + 1, 3, 1);
  for (let month = 0; month < VALUATION_MONTHS; month += 1) {
    const jitter = randomInt(random, 0, 4);
    const datetimeCreated = daysBefore(now, month === 0 ? 0 : Math.round(month * 30.44) + jitter);
    if (month >= 2 && datetimeCreated.getTime() < firstTraded) break;
    rows.push({ value: fromCents(cents), datetimeCreated });
    cents /= 1 + drift + (random() - 0.5) * 0.07;
  }
  return rows;
}

/** When the Global Wine Score was last computed. */
export function gwsDate(facts: VintageFacts, now: Date): Date {
  return daysBefore(now, randomInt(seededRandom(`gws:${facts.lwin11}`), 20, 120));
}

export function usdPrice(facts: VintageFacts): string {
  return toUsd(facts.seed.marketPrice * 100);
}
