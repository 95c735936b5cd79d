/**
 * Dates, one home for every screen, the printed receipt and every date filter: calendar dates as `YYYY-MM-DD`
 * in the user's time zone, and one display style per locale that a user's `date_format` pattern overrides.
 */

/** The languages dates are written in (the contract's `Locale`). */
export type DateLocale = 'tr' | 'en';

/** Calendar dates as `YYYY-MM-DD` strings in the user's time zone (what date inputs and the server use). */

export function todayIn(timeZone: string, now: Date = new Date()): string {
  return calendarFormatter(timeZone).format(now);
}

/**
 * The formatters in use, built once each: a list's rows format two calendar days and a time each per render, and
 * building an `Intl.DateTimeFormat` costs far more than formatting with one.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function cachedFormatter(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = build();
    formatters.set(key, found);
  }
  return found;
}

/** `YYYY-MM-DD` of an instant in a zone. */
const calendarFormatter = (timeZone: string | undefined): Intl.DateTimeFormat =>
  cachedFormatter(
    `calendar|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The same day one month earlier, clamped to the month's length (31 March → 28/29 February). */
export function oneMonthBefore(date: string): string {
  const [y, m, d] = parts(date);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, Math.min(d, last));
}

/**
 * How dates and times read, one style per locale, used by every screen: Turkish `22.11.2026 01:30`,
 * English `22 Nov 2026, 01:30` (the month named, so that 10/11 is never a question), both on a 24-hour clock.
 */
const DATE_STYLE: Record<
  DateLocale,
  { tag: string; date: Intl.DateTimeFormatOptions; day: Intl.DateTimeFormatOptions }
> = {
  tr: {
    tag: 'tr-TR',
    date: { day: '2-digit', month: '2-digit', year: 'numeric' },
    day: { day: '2-digit', month: '2-digit' },
  },
  en: {
    tag: 'en-GB',
    date: { day: 'numeric', month: 'short', year: 'numeric' },
    day: { day: 'numeric', month: 'short' },
  },
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Where a date is shown: the page's locale and the user's time zone (undefined: the device's). */
export interface DateContext {
  locale: DateLocale;
  timeZone?: string;
  /**
   * The logged-in user's date pattern (session `date_format`, e.g. `DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`):
   * when it is a usable pattern, every date reads as it says (times stay 24-hour); else the locale's style.
   */
  pattern?: string | undefined;
}

const PATTERN_TOKEN = /YYYY|YY|MM|M|DD|D/g;

/** A pattern with a day, a month and a year token (anything else is not a date pattern: the locale's style). */
export function usableDatePattern(pattern: string | undefined): pattern is string {
  return !!pattern && pattern.length <= 20 && /D/.test(pattern) && /M/.test(pattern) && /YY/.test(pattern);
}

/** A pattern filled with a calendar date: `DD.MM.YYYY` with 2026-11-05 → `05.11.2026`. */
export function applyDatePattern(pattern: string, y: number, m: number, d: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return pattern.replace(PATTERN_TOKEN, (token) => {
    if (token === 'YYYY') return String(y).padStart(4, '0');
    if (token === 'YY') return pad(y % 100);
    if (token === 'MM') return pad(m);
    if (token === 'M') return String(m);
    if (token === 'DD') return pad(d);
    return String(d);
  });
}

/** The pattern without its year (a start within the year): `DD.MM.YYYY` → `DD.MM`, `YYYY-MM-DD` → `MM-DD`. */
export function dayPattern(pattern: string): string {
  return pattern
    .replace(/^Y+[^DMY]*/, '')
    .replace(/[^DMY]*Y+$/, '')
    .replace(/[^DMY]*Y+/, '');
}

/** Year, month and day of an instant in a time zone. */
function calendarParts(date: Date, timeZone: string | undefined): [number, number, number] {
  return parts(calendarFormatter(timeZone).format(date));
}

function patterned(date: Date, ctx: DateContext, kind: Kind): string | null {
  if (!usableDatePattern(ctx.pattern)) return null;
  const [y, m, d] = calendarParts(date, ctx.timeZone);
  if (kind === 'time') return null;
  const time = formatter({ locale: ctx.locale, timeZone: ctx.timeZone }, 'time').format(date);
  if (kind === 'date') return applyDatePattern(ctx.pattern, y, m, d);
  if (kind === 'dateTime') return `${applyDatePattern(ctx.pattern, y, m, d)} ${time}`;
  return `${applyDatePattern(dayPattern(ctx.pattern), y, m, d)} ${time}`;
}

type Kind = 'date' | 'time' | 'dateTime' | 'dayTime';
function formatter(ctx: DateContext, kind: Kind): Intl.DateTimeFormat {
  return cachedFormatter(`${ctx.locale}|${ctx.timeZone ?? ''}|${kind}`, () => {
    const style = DATE_STYLE[ctx.locale];
    const options = {
      date: style.date,
      time: TIME,
      dateTime: { ...style.date, ...TIME },
      dayTime: { ...style.day, ...TIME },
    }[kind];
    return new Intl.DateTimeFormat(style.tag, { ...options, timeZone: ctx.timeZone });
  });
}

function instantOf(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `22.11.2026` / `22 Nov 2026` (empty for an invalid instant). */
export function formatDate(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? (patterned(date, ctx, 'date') ?? formatter(ctx, 'date').format(date)) : '';
}

/** `01:30`. */
export function formatTime(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? formatter(ctx, 'time').format(date) : '';
}

/** `22.11.2026 01:30` / `22 Nov 2026, 01:30`. */
export function formatDateTime(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? (patterned(date, ctx, 'dateTime') ?? formatter(ctx, 'dateTime').format(date)) : '';
}

/** Within the year, as match lists show a start: `24.11 19:30` / `24 Nov, 19:30`. */
export function formatDayTime(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? (patterned(date, ctx, 'dayTime') ?? formatter(ctx, 'dayTime').format(date)) : '';
}

/** A calendar date `YYYY-MM-DD` (a birthday, a filter bound): no time zone shift, it is not an instant. */
export function formatPlainDate(date: string, locale: DateLocale, pattern?: string): string {
  const [y, m, d] = parts(date);
  return formatDate(Date.UTC(y, m - 1, d, 12), { locale, timeZone: 'UTC', pattern });
}
