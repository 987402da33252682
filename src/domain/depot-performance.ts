/**
 * "Wertentwicklung" of a depot: market value and invested amount over time, net exit
 * value, money-weighted annual return (XIRR), tax-free dates (§ 23 EStG) and the portal's own
 * price index, computed at the depot's points from the same market valuations (base 100 on the
 * depot's first point), each with the day of its newest price. One place for the depot screen, the Excel
 * export and the server; every figure can be recomputed by hand from the rows it is built from.
 *
 * Days are calendar days in Europe/Berlin written as `YYYY-MM-DD` (they compare as strings).
 */

import { businessDay } from './dates';
import type { DepotStatusEntry } from './depot-status';
import { MARKET_VALUE_SOURCE, STANDARD_BOTTLE_LITERS } from './depot-valuation';
import { type Cents, decimalToCents } from './money';
import { lineTotalCents } from './offer-pricing';
import { type IndexValuation, monthlyIndex } from './price-index';
import { SALES_COMMISSION_RATE, sellProceeds } from './secondary-market';

/** The spec's sales commission on an exit: 3.5 % of the market value (the Zweitmarkt's rate). */
export const SALES_COMMISSION = SALES_COMMISSION_RATE;
export const DEPOT_TIME_ZONE = 'Europe/Berlin';
/** The note beside every tax figure. */
export const TAX_NOTE = 'Keine Steuerberatung';

/** German labels of the valuation sources. */
export const VALUATION_SOURCE_LABELS: Readonly<Record<string, string>> = {
  WINE_SEARCHER_EUROPE_AVERAGE_EURO: 'Wine-Searcher Europa-Ø',
  LIVEX_MID_PRICE: 'Liv-ex Mid Price',
  MANUAL: 'Manuelle Bewertung',
};

export function valuationSourceLabel(source: string): string {
  return VALUATION_SOURCE_LABELS[source] ?? source;
}

/** The calendar day of an instant in Europe/Berlin, e.g. 2024-02-28T23:30Z → "2024-02-29". */
export function berlinDay(instant: Date | string): string {
  return businessDay(instant);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const isoDay = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/**
 * Tax-free from (§ 23 EStG: more than one year between purchase and sale): the day after the
 * first anniversary of the purchase day; the anniversary of 29 February is 28 February
 * (§ 188 BGB), so such a purchase is tax-free from 1 March.
 */
export function taxFreeFrom(purchaseDay: string): string {
  const year = Number(purchaseDay.slice(0, 4)) + 1;
  const month = Number(purchaseDay.slice(5, 7));
  let day = Number(purchaseDay.slice(8, 10));
  if (month === 2 && day === 29) day = 28;
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return isoDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/**
 * The day (Europe/Berlin) a position was sold: its first SOLD entry, when dated `today` or
 * before; null while it is held. The server's SQL takes the same entry (`min` of the SOLD
 * entries); a position with such a day counts in no figure of the value view.
 */
export function soldDay(entries: readonly DepotStatusEntry[], today: string): string | null {
  let first: string | null = null;
  for (const entry of entries) {
    if (entry.status !== 'SOLD') continue;
    const day = berlinDay(entry.datetimeStatusUpdate);
    if (first === null || day < first) first = day;
  }
  return first !== null && first <= today ? first : null;
}

/** What a sold position's proceeds are read from: its Zweitmarkt sell order. */
export interface SaleOrderInput {
  caskOf: number;
  casesSold: number;
  /** The seller's asking price per bottle (the proceeds are computed from it), decimal string. */
  askPriceBtl: string;
  /** Net proceeds recorded for all cases sold so far; null before the first sale. */
  proceedsNet: string | null;
}

/**
 * Net proceeds of a sold position's `cases`: the sell order's recorded net proceeds when the
 * position holds every case the order sold (the usual case); when the order's cases were sold in
 * parts (each part a position of its own), the order's rule for this position's cases (cases ×
 * bottles × asking price − 3.5 % commission). Null when the order has recorded no sale.
 */
export function saleProceedsNet(cases: number, order: SaleOrderInput): Cents | null {
  if (order.proceedsNet === null || order.casesSold <= 0) return null;
  if (cases === order.casesSold) return decimalToCents(order.proceedsNet);
  return sellProceeds(cases, order.caskOf, decimalToCents(order.askPriceBtl)).net;
}

/** Net exit value: the market value less the 3.5 % sales commission. */
export function netExitValue(marketValue: Cents): Cents {
  return Math.round(marketValue * (1 - SALES_COMMISSION));
}

/** The chart's days: the first of every month from the first purchase day on, and today last. */
export function pointDays(firstDay: string, today: string): string[] {
  const days: string[] = [];
  let year = Number(firstDay.slice(0, 4));
  let month = Number(firstDay.slice(5, 7));
  if (firstDay.slice(8, 10) !== '01') month += 1;
  for (;;) {
    if (month > 12) {
      year += 1;
      month = 1;
    }
    const day = isoDay(year, month, 1);
    if (day >= today) break;
    days.push(day);
    month += 1;
  }
  days.push(today);
  return days;
}

export interface CashFlow {
  day: string;
  /** Negative: money paid in; positive: money received. */
  amount: number;
}

/**
 * Money-weighted annual return (XIRR, actual/365) of the cash flows, as a fraction per year
 * (0.1 = 10 %); null without both an outflow and an inflow or when all flows fall on one day.
 */
export function xirr(flows: readonly CashFlow[]): number | null {
  const relevant = flows.filter((flow) => flow.amount !== 0);
  if (!relevant.some((flow) => flow.amount < 0) || !relevant.some((flow) => flow.amount > 0)) return null;
  const first = Math.min(...relevant.map((flow) => dayNumber(flow.day)));
  const terms = relevant.map((flow) => ({ years: (dayNumber(flow.day) - first) / 365, amount: flow.amount }));
  if (terms.every((term) => term.years === 0)) return null;
  const value = (rate: number) =>
    terms.reduce((sum, term) => sum + term.amount / (1 + rate) ** term.years, 0);
  // Newton's method from 10 % (a few steps for usual depots); bisection if it leaves the range.
  let rate = 0.1;
  for (let step = 0; step < 50; step += 1) {
    let npv = 0;
    let slope = 0;
    for (const term of terms) {
      const discounted = term.amount / (1 + rate) ** term.years;
      npv += discounted;
      slope -= (term.years * discounted) / (1 + rate);
    }
    const next = rate - npv / slope;
    if (!Number.isFinite(next) || next <= -0.9999) break;
    if (Math.abs(next - rate) < 1e-12) return next;
    rate = next;
  }
  // The net present value falls as the rate rises (outflows come first): bisection on a bracket.
  let low = -0.9999;
  let high = 1;
  while (value(high) > 0 && high < 1e6) high *= 2;
  if (value(low) < 0 || value(high) > 0) return null;
  for (let step = 0; step < 200; step += 1) {
    const middle = (low + high) / 2;
    if (value(middle) > 0) low = middle;
    else high = middle;
    if (high - low < 1e-12) break;
  }
  return (low + high) / 2;
}

export interface PerformancePosition {
  id: number;
  vintageId: number;
  /** Buy price per bottle, decimal string. */
  buyPriceBtl: string;
  caskOf: number;
  amount: number;
  factorForLiterPrices: string | number;
  /** Day of the PURCHASED entry; null counts the position from today. */
  purchaseDay: string | null;
  /** Day of the SOLD entry; null while held. */
  soldDay: string | null;
}

export interface PerformanceValuation {
  vintageId: number;
  sourceOfValuation: string;
  /** Euro for a 0.75 l bottle, decimal string. */
  value: string;
  /** Day (Europe/Berlin) the valuation is dated. */
  day: string;
  /** Orders valuations of one day (newest last); the instant of the valuation. */
  time: number;
}

export interface PerformancePoint {
  day: string;
  invested: Cents;
  marketValue: Cents;
}

/** A point as the API sends it (decimal strings). */
export interface DepotPerformancePointInput {
  date: string;
  invested: string;
  marketValue: string;
}

export interface PositionPerformance {
  id: number;
  /** Market value of the whole position today (buy value without a valuation). */
  marketValue: Cents;
  taxFreeFrom: string | null;
  held: boolean;
}

export interface DepotPerformance {
  /** Positions held today (not sold): buy value, market value, exit value, tax-free part. */
  invested: Cents;
  marketValue: Cents;
  netExitValue: Cents;
  taxFreeValue: Cents;
  gainPercent: number | null;
  /** Money-weighted return in percent per year; null when it cannot be computed. */
  annualizedReturnPercent: number | null;
  points: PerformancePoint[];
  /** The price index at the points' days, 100 on the first, with the day of its newest price. */
  index: { day: string; value: number; newestPriceDay: string | null }[];
  /** Day of the newest valuation behind `marketValue` (held positions); null without one. */
  valuationAsOf: string | null;
  positions: PositionPerformance[];
  /** Positions sold (SOLD entry dated today or before). */
  soldCount: number;
}

interface Group {
  vintageId: number;
  factor: number;
  bottles: number;
  buy: Cents;
  /** Market value per bottle by the newest valuation so far; null before the first. */
  perBottle: Cents | null;
}

/** marketValuePerBottle with the valuation already in cents (same rounding). */
const perBottleOf = (valuationCents: Cents, factor: number) =>
  Math.round((valuationCents / STANDARD_BOTTLE_LITERS) * factor);

const groupValue = (group: Group) => (group.perBottle === null ? group.buy : group.perBottle * group.bottles);

const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);

type SweepEvent =
  | { day: string; order: number; kind: 'position'; position: PerformancePosition; sign: 1 | -1 }
  | { day: string; order: number; kind: 'valuation'; valuation: PerformanceValuation };

/**
 * The depot's performance at `today` (Europe/Berlin day). One pass: the purchases, sales and
 * valuations are sorted once by day and swept while the points are written; a valuation changes
 * the value of its vintage's positions per (vintage, bottle size) group, so the work grows with
 * positions + valuations + points, not with their product.
 */
export function depotPerformance(
  positions: readonly PerformancePosition[],
  valuations: readonly PerformanceValuation[],
  /** Market valuations of every vintage, for the price index (days after `today` are ignored). */
  indexValuations: readonly IndexValuation[],
  today: string,
): DepotPerformance {
  const startDay = (position: PerformancePosition) =>
    position.purchaseDay !== null && position.purchaseDay < today ? position.purchaseDay : today;
  const events: SweepEvent[] = [];
  for (const position of positions) {
    const start = startDay(position);
    events.push({ day: start, order: 1, kind: 'position', position, sign: 1 });
    if (position.soldDay !== null && position.soldDay <= today) {
      events.push({
        // A sale dated before the purchase ends the position on its purchase day.
        day: laterDay(start, position.soldDay),
        order: 2,
        kind: 'position',
        position,
        sign: -1,
      });
    }
  }
  for (const valuation of valuations) {
    if (valuation.sourceOfValuation !== MARKET_VALUE_SOURCE || valuation.day > today) continue;
    events.push({ day: valuation.day, order: 0, kind: 'valuation', valuation });
  }
  events.sort((a, b) => {
    if (a.day !== b.day) return a.day < b.day ? -1 : 1;
    if (a.kind === 'valuation' && b.kind === 'valuation') return a.valuation.time - b.valuation.time;
    return a.order - b.order;
  });

  const groups = new Map<string, Group>();
  const groupsOfVintage = new Map<number, Group[]>();
  /** Newest valuation so far per vintage, in cents for 0.75 l, and its day. */
  const newestValue = new Map<number, Cents>();
  const newestDay = new Map<number, string>();
  const buyCents = new Map<PerformancePosition, Cents>();
  const buyOf = (position: PerformancePosition) => {
    let cents = buyCents.get(position);
    if (cents === undefined) {
      cents = lineTotalCents(position.amount, position.caskOf, position.buyPriceBtl);
      buyCents.set(position, cents);
    }
    return cents;
  };
  let invested = 0;
  let marketValue = 0;
  const groupOf = (position: PerformancePosition) => {
    const key = `${position.vintageId}|${position.factorForLiterPrices}`;
    let group = groups.get(key);
    if (!group) {
      const value = newestValue.get(position.vintageId);
      group = {
        vintageId: position.vintageId,
        factor: Number(position.factorForLiterPrices),
        bottles: 0,
        buy: 0,
        perBottle: value === undefined ? null : perBottleOf(value, Number(position.factorForLiterPrices)),
      };
      groups.set(key, group);
      const list = groupsOfVintage.get(position.vintageId);
      if (list) list.push(group);
      else groupsOfVintage.set(position.vintageId, [group]);
    }
    return group;
  };
  const apply = (event: SweepEvent) => {
    if (event.kind === 'valuation') {
      const { vintageId } = event.valuation;
      const value = decimalToCents(event.valuation.value);
      newestValue.set(vintageId, value);
      newestDay.set(vintageId, event.valuation.day);
      for (const group of groupsOfVintage.get(vintageId) ?? []) {
        marketValue -= groupValue(group);
        group.perBottle = perBottleOf(value, group.factor);
        marketValue += groupValue(group);
      }
      return;
    }
    const { position, sign } = event;
    const group = groupOf(position);
    const bottles = position.caskOf * position.amount;
    const buy = buyOf(position);
    marketValue -= groupValue(group);
    group.bottles += sign * bottles;
    group.buy += sign * buy;
    marketValue += groupValue(group);
    invested += sign * buy;
  };

  let firstDay = today;
  for (const position of positions) if (startDay(position) < firstDay) firstDay = startDay(position);
  const days = pointDays(firstDay, today);
  const points: PerformancePoint[] = [];
  let next = 0;
  for (const day of days) {
    while (next < events.length && (events[next] as SweepEvent).day <= day)
      apply(events[next++] as SweepEvent);
    points.push({ day, invested, marketValue });
  }

  // Today's figures per position (held = not sold by today).
  let taxFreeValue = 0;
  let soldCount = 0;
  let valuationAsOf: string | null = null;
  const flowsByDay = new Map<string, number>();
  const positionFigures = positions.map((position): PositionPerformance => {
    const held = !(position.soldDay !== null && position.soldDay <= today);
    const bottles = position.caskOf * position.amount;
    const value = newestValue.get(position.vintageId);
    const positionValue =
      value === undefined
        ? buyOf(position)
        : perBottleOf(value, Number(position.factorForLiterPrices)) * bottles;
    const freeFrom = position.purchaseDay === null ? null : taxFreeFrom(position.purchaseDay);
    if (held) {
      const day = newestDay.get(position.vintageId);
      if (day !== undefined && (valuationAsOf === null || day > valuationAsOf)) valuationAsOf = day;
      if (freeFrom !== null && freeFrom <= today) taxFreeValue += positionValue;
      const start = startDay(position);
      flowsByDay.set(start, (flowsByDay.get(start) ?? 0) - buyOf(position));
    } else soldCount += 1;
    return { id: position.id, marketValue: positionValue, taxFreeFrom: freeFrom, held };
  });
  flowsByDay.set(today, (flowsByDay.get(today) ?? 0) + marketValue);
  const rate = xirr([...flowsByDay].map(([day, amount]) => ({ day, amount })));

  return {
    invested,
    marketValue,
    netExitValue: netExitValue(marketValue),
    taxFreeValue,
    gainPercent: invested > 0 ? ((marketValue - invested) / invested) * 100 : null,
    annualizedReturnPercent: rate === null ? null : rate * 100,
    points,
    index: monthlyIndex(
      indexValuations.filter((valuation) => valuation.day <= today),
      days,
    ).map(({ day, value, newestPriceDay }) => ({ day, value, newestPriceDay })),
    valuationAsOf,
    positions: positionFigures,
    soldCount,
  };
}

/** The newest valuation of the market source dated on or before `day` (any source label), or null. */
export function valuationAsOf<
  Valuation extends { sourceOfValuation: string; datetimeCreated: string | Date },
>(valuations: readonly Valuation[], day: string): Valuation | null {
  let newest: Valuation | null = null;
  let newestTime = Number.NEGATIVE_INFINITY;
  for (const valuation of valuations) {
    if (valuation.sourceOfValuation !== MARKET_VALUE_SOURCE) continue;
    const at = new Date(valuation.datetimeCreated);
    if (berlinDay(at) > day) continue;
    if (at.getTime() > newestTime) {
      newest = valuation;
      newestTime = at.getTime();
    }
  }
  return newest;
}

export type PerformanceRange = '1y' | '3y' | 'max';

export const PERFORMANCE_RANGE_LABELS: Record<PerformanceRange, string> = {
  '1y': '1 J',
  '3y': '3 J',
  max: 'Max',
};

export interface RangePoint {
  day: string;
  invested: Cents;
  marketValue: Cents;
  /** The index rebased to 100 on the range's first point; null without index. */
  index: number | null;
}

/** The same day `years` earlier (29 Feb → 28 Feb). */
function yearsBefore(day: string, years: number): string {
  const year = Number(day.slice(0, 4)) - years;
  const rest = day.slice(4) === '-02-29' ? '-02-28' : day.slice(4);
  return `${pad(year, 4)}${rest}`;
}

/**
 * The points of a chart range (the last year, three years, or all), the index rebased to 100 on
 * the range's first point.
 */
export function performanceRange(
  points: readonly DepotPerformancePointInput[],
  index: readonly { date: string; value: number }[],
  range: PerformanceRange,
): RangePoint[] {
  const last = points.at(-1)?.date;
  if (!last) return [];
  const from = range === 'max' ? '' : yearsBefore(last, range === '1y' ? 1 : 3);
  const indexByDay = new Map(index.map((point) => [point.date, point.value]));
  const shown = points.filter((point) => point.date >= from);
  const base = shown[0] ? indexByDay.get(shown[0].date) : undefined;
  return shown.map((point) => {
    const value = indexByDay.get(point.date);
    return {
      day: point.date,
      invested: decimalToCents(point.invested),
      marketValue: decimalToCents(point.marketValue),
      index: value === undefined || !base ? null : Math.round((value / base) * 10000) / 100,
    };
  });
}

/** Share of `part` in `whole` in percent; null without a whole. */
export function sharePercent(part: Cents, whole: Cents): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}
