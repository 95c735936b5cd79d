import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { LanguageSelector } from './language-selector';
import { INFO_PAGES } from './info-page';

export function Footer() {
  const { t } = useTranslation();
  const { app } = useAppContext();
  const to = useLocalePath();
  return (
    <footer className="shell-footer">
      <LanguageSelector />
      <nav className="shell-footer__links" aria-label={t('footer.help')}>
        {INFO_PAGES.map((page) => (
          <Link key={page} to={to(`/info/${page}`)}>
            {t(`footer.${page}`)}
          </Link>
        ))}
      </nav>
      <div className="shell-footer__notice">
        <span className="shell-footer__age" aria-label="18+">
          {t('footer.age_badge')}
        </span>
        <p>{t('footer.responsible_gambling')}</p>
      </div>
      <p className="shell-footer__copyright">
        {t('footer.copyright', { year: new Date().getFullYear(), name: app.name })}
      </p>
    </footer>
  );
}
