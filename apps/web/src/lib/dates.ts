import { useMemo, useSyncExternalStore } from 'react';
import { formatDate, formatDateTime, formatPlainDate, formatTime, type DateContext } from '@sb/betting';
import { useAppContext } from './app-context';
import { noSubscription } from './server-markup';
import { useSessionUser } from './session';

// The rules live in @sb/betting (dates.ts), shared with the server's printed receipt; the web adds the hook.
export {
  addDays,
  formatDate,
  formatDateTime,
  formatDayTime,
  formatPlainDate,
  formatTime,
  oneMonthBefore,
  todayIn,
  type DateContext,
} from '@sb/betting';

/**
 * The time zone the server rendered dates in: the visitor's as its cookie said (`TIME_ZONE_COOKIE`, written by
 * lib/device-hints.ts), UTC without one. Set by the server entry per render and in the browser from the state it
 * handed over (app/ssr-state.ts).
 */
let serverTimeZone = 'UTC';

export function setServerTimeZone(zone: string): void {
  serverTimeZone = zone;
}

/**
 * The visitor's time zone (`browser()`; undefined: the platform's default) — but the server's while the page
 * hydrates, so the server-rendered dates match; React re-renders with the browser's right after.
 */
export function useVisitorTimeZone(browser: () => string | undefined): string | undefined {
  return useSyncExternalStore(noSubscription, browser, () => serverTimeZone);
}

/**
 * The formatters bound to the page's locale and the logged-in user's time zone and date pattern (`date_format`):
 * the one date formatter of every screen and date filter.
 */
export function useDateFormat() {
  const { locale } = useAppContext();
  const user = useSessionUser();
  const visitorZone = useVisitorTimeZone(() => undefined);
  const timeZone = user?.timezone || visitorZone;
  const pattern = user?.date_format;
  return useMemo(() => {
    const ctx: DateContext = { locale, timeZone, pattern };
    return {
      date: (value: string | number | Date) => formatDate(value, ctx),
      time: (value: string | number | Date) => formatTime(value, ctx),
      dateTime: (value: string | number | Date) => formatDateTime(value, ctx),
      plainDate: (value: string) => formatPlainDate(value, locale, pattern),
    };
  }, [locale, timeZone, pattern]);
}
