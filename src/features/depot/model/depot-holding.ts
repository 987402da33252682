import { TYPICAL_HOLDING_YEARS } from '../../../domain/holding-years';
import { pluralForm } from '../../../domain/plural';

/*
 * Investment horizon forecast per depot position (spec client area §4, §9): remaining expected
 * holding years = typical years for the region minus the years elapsed since the first status
 * date, floored at 0.
 */

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Remaining years (one decimal precision left to the caller); null for a region without a typical value. */
export function remainingHoldingYears(
  region: string,
  firstStatusDate: Date | null,
  now: Date,
): number | null {
  const typical = TYPICAL_HOLDING_YEARS[region];
  if (typical === undefined) return null;
  const elapsed = firstStatusDate ? Math.max(0, (now.getTime() - firstStatusDate.getTime()) / YEAR_MS) : 0;
  return Math.max(0, typical - elapsed);
}

const yearsFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 3.25 → "3,3 Jahre", 1 → "1 Jahr". */
export function formatHoldingYears(years: number): string {
  const rounded = Math.round(years * 10) / 10;
  return `${yearsFormat.format(rounded)} ${pluralForm(rounded, 'Jahr')}`;
}
