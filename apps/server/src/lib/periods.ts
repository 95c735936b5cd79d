import { isCalendarDate } from '@sb/contract';
/** Calendar periods (day, week from Monday, month) in a client's time zone, as UTC instants. */
export type Period = 'day' | 'week' | 'month';

const DAY_MS = 24 * 3600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a time zone. */
function localParts(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts.year),
    m: Number(parts.month) - 1,
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
}

/** Offset of the zone from UTC at an instant, in ms (Istanbul: +3 h). */
function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return Date.UTC(p.y, p.m, p.d, p.h, p.min, p.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant of local midnight on the given local date (Date.UTC normalises day/month overflow). */
function localMidnight(y: number, m: number, d: number, timeZone: string): number {
  const guess = Date.UTC(y, m, d);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** Start (inclusive) and end (exclusive) of the period containing `nowMs` in `timeZone`. */
export function periodBounds(
  nowMs: number,
  timeZone: string,
  period: Period,
): { start: number; end: number } {
  const { y, m, d } = localParts(nowMs, timeZone);
  if (period === 'day')
    return { start: localMidnight(y, m, d, timeZone), end: localMidnight(y, m, d + 1, timeZone) };
  if (period === 'month')
    return { start: localMidnight(y, m, 1, timeZone), end: localMidnight(y, m + 1, 1, timeZone) };
  const weekday = (new Date(Date.UTC(y, m, d)).getUTCDay() + 6) % 7; // Monday = 0
  return {
    start: localMidnight(y, m, d - weekday, timeZone),
    end: localMidnight(y, m, d - weekday + 7, timeZone),
  };
}

/**
 * The instants [start, end) of calendar day `date` (YYYY-MM-DD, already validated) in `timeZone`: DST days are
 * 23 or 25 hours long.
 */
export function dayBoundsInZone(date: string, timeZone: string): { start: number; end: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { start: localMidnight(y, m - 1, d, timeZone), end: localMidnight(y, m - 1, d + 1, timeZone) };
}

/** A plain YYYY-MM-DD is local midnight in the zone; anything else must be an ISO instant. NaN if invalid. */
export function parseDateInZone(text: string, timeZone: string): number {
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  // Impossible days (2026-02-30) would otherwise roll over into the next month.
  if (!date || !isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]))) return NaN;
  if (text.length === 10)
    return localMidnight(Number(date[1]), Number(date[2]) - 1, Number(date[3]), timeZone);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return NaN;
  return Date.parse(text);
}

/** One end of a filter range as the client typed it: the query field's name and its text. */
export interface RangeEnd {
  field: string;
  text: string | undefined;
}

/**
 * The `[from, to)` instants of a list filter (my bets, transactions) in the client's time zone: a plain
 * YYYY-MM-DD starts at that day's local midnight and, as an end, runs through that day; an ISO date-time is
 * taken as it is. Defaults: `defaultDays` back from now until tomorrow (spec §9). Throws a 400 naming the
 * field for a date that is not one or a range that ends before it starts.
 */
export function dateRangeInZone(
  from: RangeEnd,
  to: RangeEnd,
  timeZone: string,
  now: number,
  defaultDays: number,
  invalid: (field: string, message: string) => Error,
): { from: number; to: number } {
  const read = (end: RangeEnd, fallback: number) => {
    if (end.text === undefined || end.text === '') return fallback;
    const ms = parseDateInZone(end.text, timeZone);
    if (Number.isNaN(ms)) throw invalid(end.field, `${end.field}: use YYYY-MM-DD or an ISO date-time`);
    return ms;
  };
  const start = read(from, now - defaultDays * DAY_MS);
  let end = read(to, now + DAY_MS);
  const plainEnd = to.text && /^(\d{4})-(\d{2})-(\d{2})$/.exec(to.text);
  if (plainEnd)
    end = localMidnight(Number(plainEnd[1]), Number(plainEnd[2]) - 1, Number(plainEnd[3]) + 1, timeZone);
  if (end <= start) throw invalid(to.field, 'the end of the range must be after its start');
  return { from: start, to: end };
}
