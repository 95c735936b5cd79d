import { LOCALES, type Locale } from '@sb/contract/constants';

export const isLocale = (value: string | undefined): value is Locale =>
  value !== undefined && (LOCALES as readonly string[]).includes(value);

/** The locale segment of a path, if it has one. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : null;
}

/** `/en/live/1` → `/tr/live/1`; a path without a locale gets one in front. */
export function replaceLocale(pathname: string, locale: Locale): string {
  const parts = pathname.split('/');
  if (isLocale(parts[1])) parts[1] = locale;
  else parts.splice(1, 0, locale);
  const joined = parts.join('/');
  return joined.endsWith(`/${locale}`) ? `${joined}/` : joined;
}

/** `/live` under `tr` → `/tr/live`. */
export function localizedPath(locale: Locale, path: string): string {
  return `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}
