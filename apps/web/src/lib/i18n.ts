import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale, TranslationTable } from '@sb/contract';

/** An i18next instance over the server's flat table (keys like `auth.login_error` are not nested). */
export async function createI18n(locale: Locale, table: TranslationTable): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
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
