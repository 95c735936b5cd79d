import { useTranslation } from '@/lib/i18n';
import { LOCALES, type Locale } from '@sb/contract/constants';
import { useAppContext } from '@/lib/app-context';
import { replaceLocale } from '@/lib/locale-path';
import { useLocales } from './api/get-locales';

/** Reloads the same URL with the locale segment replaced (spec §2: a language change reloads the page). */
export function changeLocale(locale: Locale): void {
  const { pathname, search, hash } = window.location;
  window.location.assign(replaceLocale(pathname, locale) + search + hash);
}

export function LanguageSelector({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const { data } = useLocales();
  const options = data ?? LOCALES.map((l) => ({ locale: l, name: t(`language.${l}`) }));
  return (
    <label className={`language-selector${compact ? ' language-selector--compact' : ''}`}>
      <span className={compact ? 'visually-hidden' : undefined}>{t('footer.language')}</span>
      <select
        value={locale}
        onChange={(e) => changeLocale(e.target.value as Locale)}
        data-testid="language-select"
      >
        {options.map((o) => (
          <option key={o.locale} value={o.locale}>
            {compact ? o.locale.toUpperCase() : o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
