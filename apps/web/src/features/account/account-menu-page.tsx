import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { useLocalePath } from '@/lib/app-context';
import { logout, useSessionUser } from '@/lib/session';
import { BalanceBox } from './components/balance-box';
import './components/account.css';

const LINKS: [string, string][] = [
  ['/account/informations', 'account.personal_details'],
  ['/account/limits', 'account.limits'],
  ['/account/limit-summary', 'account.limit_summary'],
  ['/account/transactions', 'account.transactions'],
  ['/promotions', 'account.promotions'],
  ['/deposit', 'account.deposit'],
  ['/account/settings', 'account.preferences'],
  ['/info/contact', 'account.contact'],
];

/** Spec §2 Account: balance box and the menu of account pages, ending with logout. */
export function AccountMenuPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  if (!user) return <Spinner label={t('app.loading')} />;
  return (
    <div className="account-page">
      <h1>{user.full_name}</h1>
      <BalanceBox user={user} />
      <ul className="account-menu">
        {LINKS.map(([path, label]) => (
          <li key={path}>
            <Link to={to(path)}>{t(label)}</Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() =>
              void Promise.resolve(navigate(to('/'))).then(() => logout(queryClient, { revoke: true }))
            }
          >
            {t('account.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
