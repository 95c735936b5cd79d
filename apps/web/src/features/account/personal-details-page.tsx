import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/lib/app-context';
import { formatPlainDate } from '@/lib/dates';
import { useSessionUser } from '@/lib/session';
import './components/account.css';

/** Spec §2 Personal details: read-only, with a link to change the password. */
export function PersonalDetailsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const user = useSessionUser();
  if (!user) return <Spinner label={t('app.loading')} />;
  const rows: [string, string][] = [
    ['account.full_name', user.full_name],
    ['account.username', user.username],
    [
      'account.birthday',
      user.date_of_birth ? formatPlainDate(user.date_of_birth, user.date_format) : t('account.unknown'),
    ],
    ['account.email', user.email || t('account.unknown')],
  ];
  return (
    <div className="account-page">
      <h1>{t('account.personal_details')}</h1>
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
