import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { PageMessage } from '@/components/ui/page-message';
import { useLocalePath } from '@/lib/app-context';

export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <PageMessage
      title={t('app.not_found_title')}
      text={t('app.not_found_text')}
      action={
        <Link className="ui-button ui-button--primary shell-link-button" to={to('/')}>
          {t('app.go_home')}
        </Link>
      }
    />
  );
}
