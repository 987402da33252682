/**
 * The 15-year portfolio simulation of the proposal page (spec entry/checkout §9 "Proposal and
 * simulation"): value = initial × (1 + r)^t; the service fee is charged as it is billed: each of
 * the 180 months the management fee of the order list (2.25 % p.a. of the portfolio value incl.
 * 19 % VAT, ÷ 12, `managementFeeMonthlyCents`) on the simulated value at the start of that month
 * (month 1 on the initial value, as the order list charges it with the purchase); the sales
 * commission is 3.5 % of the value after 15 years; profit = value15 − initial − fees −
 * commission. Percentages are relative to the initial value. All money in integer cents.
 */
import type { Cents } from './money';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule, managementFeeMonthlyCents } from './order-costs';

export const SIMULATION_YEARS = 15;
export const SIMULATION_MONTHS = SIMULATION_YEARS * 12;
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
  /** Service fee of month 1 (on the initial value; the order list's monthly fee). */
  serviceFee1: Cents;
  /** Service fee of month 169, the first month of year 15 (on the value after 14 years). */
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

/** The month whose fee `serviceFee15` reports: the first month of year 15. */
export const YEAR_15_FEE_MONTH = (SIMULATION_YEARS - 1) * 12 + 1;

/** Simulated portfolio value at the start of `month` (1 … 180): initial × (1 + r)^((month − 1) / 12). */
export function simulatedValueAtMonth(initial: Cents, rate: number, month: number): Cents {
  return Math.round(initial * (1 + rate) ** ((month - 1) / 12));
}

/** The fee billed in `month` (1 … 180) of the simulation: the billing rule on that month's value. */
export function simulatedMonthlyFee(
  initial: Cents,
  rate: number,
  month: number,
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): Cents {
  return managementFeeMonthlyCents(simulatedValueAtMonth(initial, rate, month), fees);
}

/** `rate` as a fraction (0.087 for 8.7 %). */
export function salesCalculation(
  initial: Cents,
  rate: number,
  fees: FeeSchedule = DEFAULT_FEE_SCHEDULE,
): SalesCalculation {
  const monthlyFees: Cents[] = [];
  for (let month = 1; month <= SIMULATION_MONTHS; month += 1) {
    monthlyFees.push(simulatedMonthlyFee(initial, rate, month, fees));
  }
  const timeseries: SimulationPoint[] = [];
  let cumulative = 0;
  for (let year = 0; year <= SIMULATION_YEARS; year += 1) {
    if (year > 0) {
      for (const fee of monthlyFees.slice((year - 1) * 12, year * 12)) cumulative += fee;
    }
    timeseries.push({ year, value: Math.round(initial * (1 + rate) ** year), fee: cumulative });
  }
  const value15 = timeseries[SIMULATION_YEARS]?.value ?? initial;
  const serviceFeeTotal = cumulative;
  const saleProvision = Math.round(value15 * SALES_COMMISSION_RATE);
  const growthAbs = value15 - initial;
  const profit = value15 - initial - serviceFeeTotal - saleProvision;
  return {
    timeseries,
    serviceFee1: monthlyFees[0] ?? 0,
    serviceFee15: monthlyFees[YEAR_15_FEE_MONTH - 1] ?? 0,
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
