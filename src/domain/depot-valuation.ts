/**
 * Valuation of depot positions (spec client area §9): market value per bottle = newest
 * Wine-Searcher Europe average valuation ÷ 0.75 × the bottle size's liter factor; the case value
 * multiplies by caskOf; the gain is in percent against the buy price; the advice is always "Hold".
 * One function for the depot screen, the Excel export and the server.
 */
import { type Cents, decimalToCents } from './money';

export const MARKET_VALUE_SOURCE = 'WINE_SEARCHER_EUROPE_AVERAGE_EURO';
/** Valuations are quoted for a standard 0.75 l bottle. */
export const STANDARD_BOTTLE_LITERS = 0.75;
export const DEPOT_ADVICE = 'Hold';

export interface ValuationInput {
  sourceOfValuation: string;
  /** Euro for a 0.75 l bottle, as a decimal string. */
  value: string;
  datetimeCreated: string | Date;
}

export interface DepotPositionValuationInput {
  /** Buy price per bottle, decimal string. */
  buyPriceBtl: string;
  /** Bottles per case. */
  caskOf: number;
  /** Cases. */
  amount: number;
  /** Liter factor of the bottle size (0.75 standard, 1.5 magnum …). */
  factorForLiterPrices: string | number;
  valuations: readonly ValuationInput[];
}

export interface DepotPositionValuation {
  buyPriceBtl: Cents;
  buyPriceCase: Cents;
  bottles: number;
  /** Buy price of all bottles of the position. */
  invested: Cents;
  /** Null when the vintage has no Wine-Searcher Europe valuation. */
  marketValueBtl: Cents | null;
  marketValueCase: Cents | null;
  marketValueTotal: Cents | null;
  /** Gain of the market value against the buy price, in percent (e.g. 12.5). */
  gainPercent: number | null;
  advice: typeof DEPOT_ADVICE;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** The newest valuation of the Wine-Searcher Europe average source, or null. */
export function newestMarketValuation<Valuation extends ValuationInput>(
  valuations: readonly Valuation[],
): Valuation | null {
  let newest: Valuation | null = null;
  for (const valuation of valuations) {
    if (valuation.sourceOfValuation !== MARKET_VALUE_SOURCE) continue;
    if (!newest || time(valuation.datetimeCreated) > time(newest.datetimeCreated)) newest = valuation;
  }
  return newest;
}

/** Market value of one bottle of the given size from a 0.75 l valuation. */
export function marketValuePerBottle(valuation0750: string, factorForLiterPrices: string | number): Cents {
  return Math.round((decimalToCents(valuation0750) / STANDARD_BOTTLE_LITERS) * Number(factorForLiterPrices));
}

/** Gain in percent of `value` against `cost`; null without a cost. */
export function gainPercent(cost: Cents, value: Cents): number | null {
  if (cost <= 0) return null;
  return ((value - cost) / cost) * 100;
}

export function valueDepotPosition(position: DepotPositionValuationInput): DepotPositionValuation {
  const buyPriceBtl = decimalToCents(position.buyPriceBtl);
  const bottles = position.caskOf * position.amount;
  const newest = newestMarketValuation(position.valuations);
  const marketValueBtl = newest ? marketValuePerBottle(newest.value, position.factorForLiterPrices) : null;
  return {
    buyPriceBtl,
    buyPriceCase: buyPriceBtl * position.caskOf,
    bottles,
    invested: buyPriceBtl * bottles,
    marketValueBtl,
    marketValueCase: marketValueBtl === null ? null : marketValueBtl * position.caskOf,
    marketValueTotal: marketValueBtl === null ? null : marketValueBtl * bottles,
    gainPercent: marketValueBtl === null ? null : gainPercent(buyPriceBtl, marketValueBtl),
    advice: DEPOT_ADVICE,
  };
}

export interface DepotTotals {
  /** Sum of the buy prices of all bottles. */
  invested: Cents;
  /** Market value of the portfolio at the Wine-Searcher Europe average; positions without a valuation count at their buy price. */
  marketValue: Cents;
  gainPercent: number | null;
}

export function depotTotals(valuations: readonly DepotPositionValuation[]): DepotTotals {
  let invested = 0;
  let marketValue = 0;
  for (const valuation of valuations) {
    invested += valuation.invested;
    marketValue += valuation.marketValueTotal ?? valuation.invested;
  }
  return { invested, marketValue, gainPercent: gainPercent(invested, marketValue) };
}

const percentFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12.345 → "+12,3 %", -3 → "−3,0 %". */
export function formatGainPercent(percent: number): string {
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${percentFormat.format(Math.abs(percent))} %`;
}
