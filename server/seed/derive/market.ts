/**
 * Market data of a vintage relative to the seed date: yearly price history (rising with
 * deterministic noise towards today's price) and Wine-Searcher valuations of recent months.
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

/** Two or three valuations of the last half year; the newest equals the market price. */
export function valuations(facts: VintageFacts, now: Date): ValuationRow[] {
  const random = seededRandom(`valuations:${facts.lwin11}`);
  const count = randomInt(random, 2, 3);
  const ages = [6, 95, 185];
  return ages.slice(0, count).map((age, index) => {
    const factor = index === 0 ? 1 : 1 - index * 0.018 + (random() - 0.5) * 0.02;
    return {
      value: fromCents(facts.seed.marketPrice * 100 * factor),
      datetimeCreated: daysBefore(now, age + randomInt(random, 0, 4)),
    };
  });
}

/** When the Global Wine Score was last computed. */
export function gwsDate(facts: VintageFacts, now: Date): Date {
  return daysBefore(now, randomInt(seededRandom(`gws:${facts.lwin11}`), 20, 120));
}

export function usdPrice(facts: VintageFacts): string {
  return toUsd(facts.seed.marketPrice * 100);
}
