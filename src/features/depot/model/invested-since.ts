/**
 * The "invested since" counter (spec client area §9): years, months, days, hours, minutes and
 * seconds from the earliest purchase date; a year is 365 days, a month about 30.44 days.
 */
export interface ElapsedParts {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const COUNTER_YEAR_MS = 365 * DAY;
export const COUNTER_MONTH_MS = 30.44 * DAY;

export function elapsedParts(from: Date, now: Date): ElapsedParts {
  let rest = Math.max(0, now.getTime() - from.getTime());
  const years = Math.floor(rest / COUNTER_YEAR_MS);
  rest -= years * COUNTER_YEAR_MS;
  const months = Math.floor(rest / COUNTER_MONTH_MS);
  rest -= months * COUNTER_MONTH_MS;
  const days = Math.floor(rest / DAY);
  rest -= days * DAY;
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / MINUTE);
  rest -= minutes * MINUTE;
  return { years, months, days, hours, minutes, seconds: Math.floor(rest / SECOND) };
}

/** The earliest of the given dates, or null. */
export function earliestDate(dates: readonly (Date | null)[]): Date | null {
  let earliest: Date | null = null;
  for (const date of dates) if (date && (!earliest || date < earliest)) earliest = date;
  return earliest;
}
