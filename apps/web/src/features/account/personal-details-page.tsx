import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/lib/app-context';
import { useDateFormat } from '@/lib/dates';
import { useSessionUser } from '@/lib/session';
import './components/account.css';

/** Spec §2 Personal details: read-only, with a link to change the password. */
export function PersonalDetailsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const user = useSessionUser();
  const dates = useDateFormat();
  if (!user) return <Spinner label={t('app.loading')} />;
  const rows: [string, string][] = [
    ['account.full_name', user.full_name],
    ['account.username', user.username],
    ['account.birthday', user.date_of_birth ? dates.plainDate(user.date_of_birth) : t('account.unknown')],
    ['account.email', user.email || t('account.unknown')],
  ];
  return (
    <div className="account-page">
      <h1 className="visually-hidden">{t('account.personal_details')}</h1>
      <dl className="details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link className="ui-button ui-button--secondary link-button" to={to('/account/password')}>
        {t('account.change_password')}
      </Link>
    </div>
  );
}
