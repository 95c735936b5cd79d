import type { Lang } from '../i18n';

/** The desk's one date style per language (en-GB, tr-TR), in the operator's browser time zone. */
export const LOCALES: Record<Lang, string> = { en: 'en-GB', tr: 'tr-TR' };

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(LOCALES[lang], options)));
  return f;
}

/** A date and time without seconds ("27 Nov 2026, 18:05"): lists of events, results, bets. */
export const dateTime = (lang: Lang, iso: string | null): string =>
  iso === null ? '—' : format(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A time of day with seconds ("18:05:09"): the ticker, where bets arrive seconds apart. */
export const timeOfDay = (lang: Lang, iso: string): string =>
  format(lang, { timeStyle: 'medium' }).format(new Date(iso));

/**
 * A calendar day of a report ("2026-11-29" → "29 Nov 2026", "29 Kas 2026"): the day the server grouped by, in the
 * desk's date style, never shifted by the browser's zone (it is read and written in UTC).
 */
export const calendarDay = (lang: Lang, day: string): string =>
  format(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
