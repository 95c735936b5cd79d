import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { PageMessage } from '@/components/ui/page-message';
import { useLocalePath } from '@/lib/app-context';
import './components/account.css';

/** Spec §2/§8 Deposit: players deposit through their reseller; an error card with a go-to-homepage button. */
export function DepositPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <PageMessage
      role="alert"
      title={t('deposit.reseller_title')}
      text={t('deposit.reseller_text')}
      action={
        <Link className="ui-button ui-button--primary link-button" to={to('/')}>
          {t('app.go_home')}
        </Link>
      }
    />
  );
}
