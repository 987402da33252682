/**
 * Where a market value or price index comes from and as of when: its source and the day of the
 * newest price it rests on. Every valuation and index figure a client reads carries this line,
 * so that an old price never reads as today's. A figure whose newest price is more than
 * `STALE_VALUATION_DAYS` old says so in words ("Stand der Bewertung: 14.07.2026").
 *
 * Meant for every place that states a market value beside a price (depot, Zweitmarkt).
 */
import { formatDate } from './dates';

/** A price older than this many days is called out as the valuation's date, not "Stand". */
export const STALE_VALUATION_DAYS = 45;

export interface ValuationAsOf {
  /** The source as the client reads it ("Wine-Searcher Europa-Ø"). */
  source: string;
  /** Day (`YYYY-MM-DD`) of the newest underlying price; null without one. */
  asOf: string | null;
  /** More than 45 days between that day and today. */
  stale: boolean;
  /** "Wine-Searcher Europa-Ø, Stand 24.11.2026" or "Wine-Searcher Europa-Ø, Stand der Bewertung: 14.07.2026 (älter als 45 Tage)". */
  text: string;
  /** The same line in three parts, for screens that set the date apart: before, date, after. */
  parts: [string, string, string];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** Whole days from `day` to `today` (both `YYYY-MM-DD`). */
export function valuationAgeDays(day: string, today: string): number {
  return dayNumber(today) - dayNumber(day);
}

/**
 * The source-and-date line of a valuation figure. `asOf` is the day of its newest price, `today`
 * the day it is read (both Europe/Berlin `YYYY-MM-DD`); without a price the line says so.
 */
export function valuationAsOfLabel(source: string, asOf: string | null, today: string): ValuationAsOf {
  if (asOf === null) {
    const text = `${source}: noch keine Bewertung`;
    return { source, asOf, stale: false, text, parts: [text, '', ''] };
  }
  const stale = valuationAgeDays(asOf, today) > STALE_VALUATION_DAYS;
  const parts: [string, string, string] = stale
    ? [`${source}, Stand der Bewertung: `, formatDate(asOf), ` (älter als ${STALE_VALUATION_DAYS} Tage)`]
    : [`${source}, Stand `, formatDate(asOf), ''];
  return { source, asOf, stale, text: parts.join(''), parts };
}
