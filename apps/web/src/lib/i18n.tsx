import { createContext, useContext, type ReactNode } from 'react';
import type { Locale, TranslationTable } from '@sb/contract';

/** Options of a lookup: `count` picks the plural form; every value fills its `{{name}}` in the text. */
export type TOptions = Record<string, unknown>;

/** Text for a key of the server's table; the key itself when the table has no (non-empty) text for it. */
export type TFunction = (key: string, options?: TOptions) => string;

/** The translations of one locale: the page's language and its lookup. */
export interface I18n {
  language: Locale;
  t: TFunction;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * A lookup over the server's flat table (keys like `auth.login_error`, not nested), with what the tables use of
 * i18next's format: `{{name}}` placeholders (not escaped: React escapes) and plural keys `key_one`, `key_other`…
 * chosen by `Intl.PluralRules` for `count` (`key_zero` first when count is 0). i18next itself was ~17 KB gzip of
 * the first load for this.
 */
export function createI18nNow(locale: Locale, table: TranslationTable): I18n {
  const plurals = new Intl.PluralRules(locale);
  const text = (key: string): string | undefined => table[key] || undefined;
  const t: TFunction = (key, options) => {
    const count = options?.count;
    let found: string | undefined;
    if (typeof count === 'number') {
      found = (count === 0 ? text(`${key}_zero`) : undefined) ?? text(`${key}_${plurals.select(count)}`);
    }
    found ??= text(key);
    if (found === undefined) return key;
    if (!options) return found;
    // A value not given leaves its placeholder as it is (as i18next did).
    return found.replace(PLACEHOLDER, (match, name: string) =>
      Object.hasOwn(options, name) ? String(options[name] ?? '') : match,
    );
  };
  return { language: locale, t };
}

/** The same, as a promise (a query function's shape). */
export async function createI18n(locale: Locale, table: TranslationTable): Promise<I18n> {
  return createI18nNow(locale, table);
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** Outside a provider (a part rendered on its own): keys as they are. */
const KEYS: I18n = { language: 'en', t: (key) => key };

/** The page's translations: `t` and the `i18n` they come from (react-i18next's shape). */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? KEYS;
  return { t: i18n.t, i18n };
}
