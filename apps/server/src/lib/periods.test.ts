import { describe, expect, it } from 'vitest';
import { dateRangeInZone, parseDateInZone, periodBounds } from './periods';

describe('periodBounds', () => {
  const now = Date.parse('2026-11-21T12:00:00Z'); // a Saturday

  it('gives local midnight of the day, Monday of the week and the 1st of the month in Istanbul (+3)', () => {
    const tz = 'Europe/Istanbul';
    expect(new Date(periodBounds(now, tz, 'day').start).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(new Date(periodBounds(now, tz, 'day').end).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(new Date(periodBounds(now, tz, 'week').start).toISOString()).toBe('2026-11-15T21:00:00.000Z');
    expect(new Date(periodBounds(now, tz, 'week').end).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(new Date(periodBounds(now, tz, 'month').start).toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(new Date(periodBounds(now, tz, 'month').end).toISOString()).toBe('2026-11-30T21:00:00.000Z');
  });

  it('handles a daylight-saving change inside the period (Berlin, March)', () => {
    const march = Date.parse('2026-03-29T12:00:00Z');
    const day = periodBounds(march, 'Europe/Berlin', 'day');
    expect(new Date(day.start).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(day.end).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('rolls the month over the year end', () => {
    const dec = Date.parse('2026-12-31T23:30:00Z');
    expect(new Date(periodBounds(dec, 'UTC', 'month').end).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('parseDateInZone', () => {
  it('reads plain dates as local midnight and ISO instants as given; rejects the rest', () => {
    expect(new Date(parseDateInZone('2026-11-01', 'Europe/Istanbul')).toISOString()).toBe(
      '2026-10-31T21:00:00.000Z',
    );
    expect(parseDateInZone('2026-11-01T10:00:00Z', 'Europe/Istanbul')).toBe(
      Date.parse('2026-11-01T10:00:00Z'),
    );
    expect(parseDateInZone('yesterday', 'UTC')).toBeNaN();
    expect(parseDateInZone('2026-13-45T99:99', 'UTC')).toBeNaN();
    // Impossible days are refused, not rolled over into the next month.
    expect(parseDateInZone('2026-02-30', 'UTC')).toBeNaN();
    expect(parseDateInZone('2026-13-01', 'UTC')).toBeNaN();
    expect(parseDateInZone('2026-02-30T10:00:00Z', 'UTC')).toBeNaN();
    expect(parseDateInZone('2028-02-29', 'UTC')).toBe(Date.UTC(2028, 1, 29));
  });
});

describe('dateRangeInZone (every list filter: my bets and transactions)', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const invalid = (field: string, message: string) => Object.assign(new Error(message), { field });
  const range = (from: string | undefined, to: string | undefined, tz: string, days = 30) =>
    dateRangeInZone({ field: 'from', text: from }, { field: 'to', text: to }, tz, now, days, invalid);
  const iso = (ms: number) => new Date(ms).toISOString();

  it("reads plain dates in the client's zone: an Istanbul day starts at 21:00 UTC the evening before", () => {
    const r = range('2026-11-20', '2026-11-20', 'Europe/Istanbul');
    expect(iso(r.from)).toBe('2026-11-19T21:00:00.000Z');
    expect(iso(r.to)).toBe('2026-11-20T21:00:00.000Z');
  });

  it('runs a plain end date through the whole local day, 23 hours on the spring daylight-saving day', () => {
    const r = range('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(r.to - r.from).toBe(23 * 3600_000);
  });

  it('takes an ISO date-time as the instant it names, and defaults to the given days back until tomorrow', () => {
    expect(iso(range('2026-11-20T10:00:00Z', undefined, 'Europe/Istanbul').from)).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    const d = range(undefined, '', 'UTC', 31);
    expect(d).toEqual({ from: now - 31 * 86_400_000, to: now + 86_400_000 });
  });

  it('names the field of a date that is not one, and of an end before the start', () => {
    expect(() => range('2026-02-30', undefined, 'UTC')).toThrow(expect.objectContaining({ field: 'from' }));
    expect(() => range(undefined, 'yesterday', 'UTC')).toThrow(expect.objectContaining({ field: 'to' }));
    expect(() => range('2026-11-20', '2026-11-19', 'UTC')).toThrow(expect.objectContaining({ field: 'to' }));
  });
});
