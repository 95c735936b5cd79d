import { useMemo } from 'react';
import type { Locale } from '@sb/contract/constants';
import { useAppContext } from './app-context';
import { useSessionUser } from './session';

/** Calendar dates as `YYYY-MM-DD` strings in the user's time zone (what date inputs and the server use). */

export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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
  Locale,
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
  locale: Locale;
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
type Kind = 'date' | 'time' | 'dateTime' | 'dayTime';
function formatter(ctx: DateContext, kind: Kind): Intl.DateTimeFormat {
  const key = `${ctx.locale}|${ctx.timeZone ?? ''}|${kind}`;
  let found = formatters.get(key);
  if (!found) {
    const style = DATE_STYLE[ctx.locale];
    const options = {
      date: style.date,
      time: TIME,
      dateTime: { ...style.date, ...TIME },
      dayTime: { ...style.day, ...TIME },
    }[kind];
    found = new Intl.DateTimeFormat(style.tag, { ...options, timeZone: ctx.timeZone });
    formatters.set(key, found);
  }
  return found;
}

function instantOf(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `22.11.2026` / `22 Nov 2026` (empty for an invalid instant). */
export function formatDate(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? formatter(ctx, 'date').format(date) : '';
}

/** `01:30`. */
export function formatTime(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? formatter(ctx, 'time').format(date) : '';
}

/** `22.11.2026 01:30` / `22 Nov 2026, 01:30`. */
export function formatDateTime(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? formatter(ctx, 'dateTime').format(date) : '';
}

/** Within the year, as match lists show a start: `24.11 19:30` / `24 Nov, 19:30`. */
export function formatDayTime(value: string | number | Date, ctx: DateContext): string {
  const date = instantOf(value);
  return date ? formatter(ctx, 'dayTime').format(date) : '';
}

/** A calendar date `YYYY-MM-DD` (a birthday, a filter bound): no time zone shift, it is not an instant. */
export function formatPlainDate(date: string, locale: Locale): string {
  const [y, m, d] = parts(date);
  return formatDate(Date.UTC(y, m - 1, d, 12), { locale, timeZone: 'UTC' });
}

/** The formatters bound to the page's locale and the logged-in user's time zone. */
export function useDateFormat() {
  const { locale } = useAppContext();
  const timeZone = useSessionUser()?.timezone;
  return useMemo(() => {
    const ctx: DateContext = { locale, timeZone };
    return {
      date: (value: string | number | Date) => formatDate(value, ctx),
      time: (value: string | number | Date) => formatTime(value, ctx),
      dateTime: (value: string | number | Date) => formatDateTime(value, ctx),
      plainDate: (value: string) => formatPlainDate(value, locale),
    };
  }, [locale, timeZone]);
}
