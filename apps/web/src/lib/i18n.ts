import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale, TranslationTable } from '@sb/contract';

/** An i18next instance over the server's flat table (keys like `auth.login_error` are not nested). */
export async function createI18n(locale: Locale, table: TranslationTable): Promise<i18n> {
  const instance = createI18nNow(locale, table);
  if (!instance.isInitialized) await new Promise((resolve) => instance.on('initialized', resolve));
  return instance;
}

/**
 * The same instance, ready when this returns: the table is in memory, so nothing needs waiting for (the start-up
 * data inlined in the page is turned into an instance before the first render this way).
 */
export function createI18nNow(locale: Locale, table: TranslationTable): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    initAsync: false,
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: table } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance;
}
