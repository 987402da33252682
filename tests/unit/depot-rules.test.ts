import { describe, expect, it } from 'vitest';
import {
  currentStatusEntry,
  DEPOT_STATUS_LABELS,
  isEnPrimeur,
  purchaseDate,
} from '../../src/domain/depot-status';
import { TYPICAL_HOLDING_YEARS } from '../../src/domain/holding-years';
import { countUpDuration, countUpValue } from '../../src/features/depot/model/count-up';
import { remainingHoldingYears } from '../../src/features/depot/model/depot-holding';
import { shortenName, truncateName } from '../../src/features/depot/model/depot-names';
import { elapsedParts } from '../../src/features/depot/model/invested-since';
import { STAFF_DEPOT_SEGMENT, staffDepotPath } from '../../src/routes/depot-routes';

const DAY = 24 * 60 * 60 * 1000;

describe('Erwartete Resthaltedauer je Region (typische Jahre minus vergangene Jahre, mindestens 0)', () => {
  it('uses the spec table of typical years, with Rhône', () => {
    expect(TYPICAL_HOLDING_YEARS).toEqual({
      Bordeaux: 10,
      Champagne: 7,
      Toskana: 8.5,
      Burgund: 9.25,
      'Napa Valley': 6.75,
      'Ribera del Duero': 9.75,
      Piemont: 12,
      Rhône: 9,
    });
  });

  it('gives a Rhône position a horizon, as every region the catalogue sells', () => {
    expect(remainingHoldingYears('Rhône', null, new Date('2026-01-01T00:00:00Z'))).toBe(9);
  });

  const now = new Date('2026-01-01T00:00:00Z');
  const yearsAgo = (years: number) => new Date(now.getTime() - years * 365 * DAY);
  it.each([
    ['Bordeaux', 2, 8],
    ['Champagne', 0, 7],
    ['Toskana', 1, 7.5],
    ['Burgund', 9.25, 0],
    ['Napa Valley', 10, 0],
    ['Ribera del Duero', 0.75, 9],
    ['Piemont', 3, 9],
  ])('%s after %s years: %s years left', (region, elapsed, left) => {
    expect(remainingHoldingYears(region, yearsAgo(elapsed), now)).toBeCloseTo(left, 9);
  });

  it('has no forecast for a region without typical years, and the full span without a status date', () => {
    expect(remainingHoldingYears('Mosel', yearsAgo(1), now)).toBeNull();
    expect(remainingHoldingYears('Bordeaux', null, now)).toBe(10);
  });
});

describe('Depotstatus', () => {
  it('labels the five states in German', () => {
    expect(DEPOT_STATUS_LABELS).toEqual({
      PURCHASED: 'Bezahlt',
      SHIPPING: 'Im Versand',
      IN_BOND: 'Im Zollfreilager',
      FOR_SALE: 'Steht zum Verkauf',
      SOLD: 'Verkauft',
    });
  });

  it('takes the entry with the latest date as the current status, whatever the order', () => {
    const entries = [
      { status: 'PURCHASED' as const, datetimeStatusUpdate: '2025-01-01T10:00:00Z' },
      { status: 'FOR_SALE' as const, datetimeStatusUpdate: '2025-09-01T10:00:00Z' },
      { status: 'IN_BOND' as const, datetimeStatusUpdate: '2025-03-01T10:00:00Z' },
    ];
    expect(currentStatusEntry(entries)?.status).toBe('FOR_SALE');
    expect(purchaseDate(entries)?.toISOString()).toBe('2025-01-01T10:00:00.000Z');
    expect(currentStatusEntry([])).toBeNull();
    expect(purchaseDate([{ status: 'SHIPPING', datetimeStatusUpdate: '2025-01-01T10:00:00Z' }])).toBeNull();
  });

  it('is en primeur only while the delivery date lies in the future', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isEnPrimeur('2027-03-01', now)).toBe(true);
    expect(isEnPrimeur('2026-01-01', now)).toBe(false);
    expect(isEnPrimeur(null, now)).toBe(false);
  });
});

describe('Zähler „Investiert seit“ (Jahr = 365 Tage, Monat ≈ 30,44 Tage)', () => {
  const from = new Date('2020-01-01T00:00:00Z');
  const after = (ms: number) => new Date(from.getTime() + ms);
  it.each([
    [0, { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [365 * DAY, { years: 1, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [30.44 * DAY, { years: 0, months: 1, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [30 * DAY, { years: 0, months: 0, days: 30, hours: 0, minutes: 0, seconds: 0 }],
    [
      2 * 365 * DAY + 3 * 30.44 * DAY + 4 * DAY + 5 * 3_600_000 + 6 * 60_000 + 7_000,
      { years: 2, months: 3, days: 4, hours: 5, minutes: 6, seconds: 7 },
    ],
  ])('after %i ms', (ms, parts) => {
    expect(elapsedParts(from, after(ms))).toEqual(parts);
  });

  it('never counts below zero', () => {
    expect(elapsedParts(from, new Date('2019-01-01T00:00:00Z')).years).toBe(0);
  });
});

describe('Hochzählen (1 bis 2,2 Sekunden)', () => {
  it.each([
    [0, 1000],
    [5, 1000 + Math.round((Math.log10(5) / 6) * 1200)],
    [1_000_000, 2200],
    [1e12, 2200],
  ])('a target of %s counts for %i ms', (target, duration) => {
    expect(countUpDuration(target)).toBe(duration);
  });

  it('starts at 0, eases out and ends exactly at the target', () => {
    expect(countUpValue(1000, 0, 2000)).toBe(0);
    expect(countUpValue(1000, 1000, 2000)).toBe(875);
    expect(countUpValue(1000, 2000, 2000)).toBe(1000);
    expect(countUpValue(1000, 5000, 2000)).toBe(1000);
  });
});

describe('Namen kürzen', () => {
  it.each([
    ['Château Lafite Rothschild', 'Château Lafite Roths…'],
    ['Sassicaia', 'Sassicaia'],
    ['12345678901234567890', '12345678901234567890'],
    ['123456789012345678901', '12345678901234567890…'],
  ])('the table shows %s as %s (20 characters plus ellipsis)', (name, shown) => {
    expect(shortenName(name)).toBe(shown);
  });

  it('the Excel export cuts at 60 characters without ellipsis', () => {
    const long = `${'A'.repeat(59)}BC`;
    expect(truncateName(long)).toBe(`${'A'.repeat(59)}B`);
    expect(truncateName('Opus One')).toBe('Opus One');
  });
});

describe('Beraterroute', () => {
  it('puts the client address behind the secret segment', () => {
    expect(staffDepotPath('kunde@example.com')).toBe(`/admin/${STAFF_DEPOT_SEGMENT}/kunde%40example.com`);
    expect(STAFF_DEPOT_SEGMENT).not.toMatch(/depot|admin|staff|berater/i);
  });
});
