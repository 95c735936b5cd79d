import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
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
