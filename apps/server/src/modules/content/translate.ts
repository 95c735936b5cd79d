import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../../lib/locale';
import { TRANSLATIONS } from './translations/index';

/** Looks up a translation key (with {{param}} substitution) in one locale. */
export type Translate = (key: string, params?: Record<string, string>) => string;

/** A translator for the request's locale; unknown keys come back as the key itself. */
export function translatorFor(request: FastifyRequest): Translate {
  const table = TRANSLATIONS[requestLocale(request)];
  return (key, params = {}) =>
    (table[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => params[name] ?? '');
}
