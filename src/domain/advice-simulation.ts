/**
 * The 15-year portfolio simulation of the proposal page (spec entry/checkout §9 "Proposal and
 * simulation"): yearly value = initial × (1 + r)^t; the service fee is 2.25 % of the initial
 * value per year, charged monthly (one twelfth) for 180 months; the sales commission is 3.5 %
 * of the value after 15 years; profit = value15 − initial − fees − commission. Percentages are
 * relative to the initial value. All money in integer cents.
 */
import type { Cents } from './money';

export const SIMULATION_YEARS = 15;
export const SIMULATION_MONTHS = SIMULATION_YEARS * 12;
export const SERVICE_FEE_RATE = 0.0225;
export const SALES_COMMISSION_RATE = 0.035;
/** Slider in percent per year. */
export const RETURN_SLIDER = { min: 4, max: 12, step: 0.1, initial: 8.7 } as const;
/** The chart's y-axis maximum grows at 11 % a year, so every slider position fits. */
export const Y_AXIS_GROWTH = 1.11;

export interface SimulationPoint {
  year: number;
  /** Portfolio value at the end of `year` (cents). */
  value: Cents;
  /** Cumulative service fee up to the end of `year` (cents). */
  fee: Cents;
}

export interface SalesCalculation {
  timeseries: SimulationPoint[];
  /** Monthly service fee in the first year. */
  serviceFee1: Cents;
  /** Monthly service fee in year 15 (the fee is on the initial value, so equal to serviceFee1). */
  serviceFee15: Cents;
  /** Average monthly service fee over the 180 months. */
  serviceFeeAvg: Cents;
  serviceFeeTotal: Cents;
  growthAbs: Cents;
  /** Percent of the initial value, two decimals. */
  growthPerc: number;
  saleProvision: Cents;
  profit: Cents;
  /** Percent of the initial value, two decimals. */
  profitPerc: number;
  value15: Cents;
}

const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;

/** `rate` as a fraction (0.087 for 8.7 %). */
export function salesCalculation(initial: Cents, rate: number): SalesCalculation {
  const monthlyFee = Math.round((initial * SERVICE_FEE_RATE) / 12);
  const timeseries: SimulationPoint[] = [];
  for (let year = 0; year <= SIMULATION_YEARS; year += 1) {
    timeseries.push({ year, value: Math.round(initial * (1 + rate) ** year), fee: monthlyFee * 12 * year });
  }
  const value15 = timeseries[SIMULATION_YEARS]?.value ?? initial;
  const serviceFeeTotal = monthlyFee * SIMULATION_MONTHS;
  const saleProvision = Math.round(value15 * SALES_COMMISSION_RATE);
  const growthAbs = value15 - initial;
  const profit = value15 - initial - serviceFeeTotal - saleProvision;
  return {
    timeseries,
    serviceFee1: monthlyFee,
    serviceFee15: monthlyFee,
    serviceFeeAvg: Math.round(serviceFeeTotal / SIMULATION_MONTHS),
    serviceFeeTotal,
    growthAbs,
    growthPerc: percentOf(growthAbs, initial),
    saleProvision,
    profit,
    profitPerc: percentOf(profit, initial),
    value15,
  };
}

/** Y-axis maximum of the simulation chart: initial × 1.11^15. */
export const yAxisMax = (initial: Cents): Cents => Math.round(initial * Y_AXIS_GROWTH ** SIMULATION_YEARS);

/** Slider percent (8.7) → the API's expAnnualProfit string ("0.087"). */
export const sliderToRate = (percent: number): string => (Math.round(percent * 10) / 1000).toFixed(3);

/** Parses expAnnualProfit; outside 4–12 % (or unparsable) falls back to the default 8.7 %. */
export function parseRate(value: string | null | undefined): number {
  const rate = Number(value);
  if (value == null || value === '' || !Number.isFinite(rate)) return RETURN_SLIDER.initial / 100;
  return Math.min(RETURN_SLIDER.max / 100, Math.max(RETURN_SLIDER.min / 100, rate));
}
