import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayPattern,
  formatDate,
  formatDayTime,
  formatDateTime,
  formatPlainDate,
  formatTime,
  oneMonthBefore,
  todayIn,
} from './dates';

describe('calendar dates', () => {
  it.each([
    ['2026-11-21', '2026-10-21'],
    ['2026-01-15', '2025-12-15'],
    ['2026-03-31', '2026-02-28'],
    ['2024-03-31', '2024-02-29'],
    ['2026-05-31', '2026-04-30'],
  ])('one month before %s is %s', (date, expected) => {
    expect(oneMonthBefore(date)).toBe(expected);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("reads today in the user's time zone, not the device's", () => {
    const instant = new Date('2026-11-21T22:30:00Z');
    expect(todayIn('Europe/Istanbul', instant)).toBe('2026-11-22');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-21');
  });

  it('formats instants one way per locale, in the given time zone, on a 24-hour clock', () => {
    const instant = '2026-11-21T22:30:00Z';
    const istanbul = 'Europe/Istanbul';
    expect(formatDateTime(instant, { locale: 'tr', timeZone: istanbul })).toBe('22.11.2026 01:30');
    expect(formatDateTime(instant, { locale: 'en', timeZone: istanbul })).toBe('22 Nov 2026, 01:30');
    expect(formatDate(instant, { locale: 'en', timeZone: 'America/New_York' })).toBe('21 Nov 2026');
    expect(formatTime('2026-11-21T13:05:00Z', { locale: 'en', timeZone: 'UTC' })).toBe('13:05');
    expect(formatDateTime('not a date', { locale: 'en' })).toBe('');
  });

  it('shows calendar dates without a time zone shift', () => {
    expect(formatPlainDate('1990-04-23', 'tr')).toBe('23.04.1990');
    expect(formatPlainDate('1990-04-23', 'en')).toBe('23 Apr 1990');
  });
});

describe("the user's date pattern (session date_format)", () => {
  const instant = '2026-11-05T21:30:00Z';
  it('writes every date as the pattern says, in the user time zone, on a 24-hour clock', () => {
    const ctx = { locale: 'en' as const, timeZone: 'Europe/Istanbul', pattern: 'MM/DD/YYYY' };
    expect(formatDate(instant, ctx)).toBe('11/06/2026');
    expect(formatDateTime(instant, ctx)).toBe('11/06/2026 00:30');
    expect(formatDayTime(instant, { ...ctx, pattern: 'YYYY-MM-DD' })).toBe('11-06 00:30');
    expect(formatDate(instant, { ...ctx, pattern: 'DD.MM.YYYY', locale: 'tr' })).toBe('06.11.2026');
    expect(formatPlainDate('2026-03-09', 'en', 'D/M/YY')).toBe('9/3/26');
  });

  it('falls back to the locale style when there is no usable pattern', () => {
    expect(formatDate(instant, { locale: 'en', timeZone: 'UTC', pattern: 'nonsense' })).toBe('5 Nov 2026');
    expect(formatDate(instant, { locale: 'en', timeZone: 'UTC' })).toBe('5 Nov 2026');
    expect(dayPattern('DD.MM.YYYY')).toBe('DD.MM');
    expect(dayPattern('MM/DD/YYYY')).toBe('MM/DD');
  });
});
