import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMessage } from '@/components/ui/page-message';
import { useLocalePath } from '@/lib/app-context';

/** Placeholder for a screen a later issue builds: says so plainly, never pretends to work. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div data-testid="coming-soon">
      {/* The header shows the screen's title: here it is only for screen readers. */}
      <h1 className="visually-hidden">{t(titleKey)}</h1>
      <PageMessage
        level={2}
        title={t('app.coming_soon_title')}
        text={t('app.coming_soon_text')}
        action={
          <Link className="ui-button ui-button--secondary shell-link-button" to={to('/')}>
            {t('app.go_home')}
          </Link>
        }
      />
    </div>
  );
}
