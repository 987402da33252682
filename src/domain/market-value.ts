/**
 * The market value per bottle as every Zweitmarkt screen shows it beside a price: the depot's
 * valuation rule (newest Wine-Searcher Europe average, per bottle of the size) with the source and
 * the day the depot names ("Wine-Searcher Europa-Ø, Stand 01.11.2026"). One helper, so the seller's
 * dialog, the staff's approval and the buyer's offer page never name a different basis.
 */

import { berlinDay, valuationSourceLabel } from './depot-performance';
import { marketValuePerBottle, newestMarketValuation, type ValuationInput } from './depot-valuation';
import type { Cents } from './money';
import { valuationAsOfLabel } from './valuation-as-of';

export interface MarketValue {
  /** Market value of one bottle of the size. */
  valueBtl: Cents;
  /** German label of the valuation's source. */
  source: string;
  /** Day (Europe/Berlin, `YYYY-MM-DD`) of the valuation. */
  day: string;
}

/** The vintage's current market value for one bottle of a size; null without a market valuation. */
export function currentMarketValue(
  valuations: readonly ValuationInput[],
  factorForLiterPrices: string | number,
): MarketValue | null {
  const newest = newestMarketValuation(valuations);
  if (!newest) return null;
  return {
    valueBtl: marketValuePerBottle(newest.value, factorForLiterPrices),
    source: valuationSourceLabel(newest.sourceOfValuation),
    day: berlinDay(newest.datetimeCreated),
  };
}

/**
 * "Wine-Searcher Europa-Ø, Stand 01.11.2026": what a market value is based on, by the one rule of
 * `valuationAsOfLabel` (a valuation older than 45 days names its date as such), so a Zweitmarkt
 * price never stands beside an old value that reads as today's.
 */
export function marketValueBasis(source: string, day: string, today: string = berlinDay(new Date())): string {
  return valuationAsOfLabel(source, day, today).text;
}
