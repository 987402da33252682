/**
 * Dates and times as the portal writes them, in one time zone: the business's, Europe/Berlin
 * (the clients are German, the warehouse in Geneva shares the zone). A calendar day
 * ("2026-11-21") is shown as it is; an instant by its day and time in Germany. Every screen, PDF
 * and mail formats through here.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

type DateInput = Date | string | number;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});
const longDay = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});
const dayAndTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIME_ZONE,
});
const dayAndTimeWithSeconds = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIME_ZONE,
});
const clock = new Intl.DateTimeFormat('de-DE', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIME_ZONE,
});
const monthAndYear = new Intl.DateTimeFormat('de-DE', {
  month: 'short',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});
const monthAndShortYear = new Intl.DateTimeFormat('de-DE', {
  month: 'short',
  year: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});
const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: BUSINESS_TIME_ZONE,
});

const instant = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/**
 * "21.11.2026": a calendar day ("2026-11-21") as it is, an instant by its day in Germany; "–"
 * without a date; an unreadable value as it came.
 */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    return `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)}`;
  }
  const date = instant(value);
  return Number.isNaN(date.getTime()) ? String(value) : day.format(date);
}

/** "5. März 2026": the date of an article or video in running text. */
export function formatLongDate(value: DateInput): string {
  return longDay.format(instant(value));
}

/** "21.11.2026, 14:30" (with `seconds`: "21.11.2026, 14:30:05") in German time; "–" without one. */
export function formatDateTime(
  value: DateInput | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = instant(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return (options.seconds ? dayAndTimeWithSeconds : dayAndTime).format(date);
}

/** "14:30" in German time. */
export function formatTime(value: DateInput): string {
  return clock.format(instant(value));
}

/** "Nov. 2026": a month as chart axes and monthly tables name it. */
export function formatMonthYear(value: DateInput): string {
  return monthAndYear.format(instant(value));
}

/** "Nov. 26": the short month tick of a chart spanning years. */
export function formatMonthShortYear(value: DateInput): string {
  return monthAndShortYear.format(instant(value));
}

/** The calendar day of an instant in Germany, e.g. 2024-02-28T23:30Z → "2024-02-29". */
export function businessDay(value: DateInput = new Date()): string {
  return isoDay.format(instant(value));
}
