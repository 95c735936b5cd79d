import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@sb/contract';

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The request's locale: `locale` or `_locale` query parameter, then Accept-Language, then the fallback. */
export function requestLocale(request: FastifyRequest, fallback: Locale = DEFAULT_LOCALE): Locale {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (isLocale(query.locale)) return query.locale;
  if (isLocale(query._locale)) return query._locale;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
      if (isLocale(tag)) return tag;
    }
  }
  return fallback;
}
