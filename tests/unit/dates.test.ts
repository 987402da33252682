import { describe, expect, it } from 'vitest';
import {
  businessDay,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonthShortYear,
  formatMonthYear,
  formatTime,
} from '../../src/domain/dates';

describe('German dates in the business time zone (Europe/Berlin)', () => {
  it('shows a calendar day as it is, whatever the zone', () => {
    expect(formatDate('2026-03-07')).toBe('07.03.2026');
    expect(formatDate('2026-01-01')).toBe('01.01.2026');
  });

  it('shows an instant by its day in Germany, also across midnight UTC', () => {
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('21.11.2026');
    expect(formatDate(new Date('2026-07-31T22:15:00Z'))).toBe('01.08.2026');
    expect(businessDay(new Date('2024-02-28T23:30:00Z'))).toBe('2024-02-29');
  });

  it('writes date and time on the 24-hour clock, summer and winter time', () => {
    expect(formatDateTime('2026-11-21T13:30:00Z')).toBe('21.11.2026, 14:30');
    expect(formatDateTime('2026-07-01T22:05:09Z', { seconds: true })).toBe('02.07.2026, 00:05:09');
    expect(formatTime(Date.UTC(2026, 10, 21, 8, 5))).toBe('09:05');
  });

  it('names months for charts and long dates for articles', () => {
    expect(formatMonthYear(Date.UTC(2026, 2, 1))).toBe('März 2026');
    expect(formatMonthShortYear(Date.UTC(2025, 0, 1))).toBe('Jan. 25');
    expect(formatLongDate('2026-11-21T10:00:00Z')).toBe('21. November 2026');
    expect(formatLongDate('2026-03-04T23:30:00Z')).toBe('5. März 2026');
  });

  it('says "–" for no date and keeps what it cannot read', () => {
    expect(formatDate(null)).toBe('–');
    expect(formatDate(undefined)).toBe('–');
    expect(formatDateTime('')).toBe('–');
    expect(formatDate('morgen')).toBe('morgen');
  });
});
