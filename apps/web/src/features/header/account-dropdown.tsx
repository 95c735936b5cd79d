import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { useLocalePath } from '@/lib/app-context';
import { depositWageringText, formatUserMoney } from '@/lib/money';
import { logout } from '@/lib/session';

/** The account's balances: withdrawable, bonus, and the deposit wagering still to play. */
function BalanceRows({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <dl className="balance-rows">
      <div>
        <dt>{t('account.withdrawable')}</dt>
        <dd>{formatUserMoney(user.balance, user.currency)}</dd>
      </div>
      <div>
        <dt>{t('account.bonus')}</dt>
        <dd>{formatUserMoney(user.bonus, user.currency)}</dd>
      </div>
      <div>
        <dt>{t('account.deposit_wagering')}</dt>
        <dd>{depositWageringText(user.currency.position)}</dd>
      </div>
    </dl>
  );
}

/** The menu's pages: Deposit now, My Account, Preferences (each closes the menu). */
function MenuLinks({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <>
      <Link
        role="menuitem"
        className="ui-button ui-button--primary account-dropdown__deposit"
        to={to('/deposit')}
        onClick={onClose}
      >
        {t('account.deposit_now')}
      </Link>
      <Link role="menuitem" className="account-dropdown__item" to={to('/account')} onClick={onClose}>
        {t('account.my_account')}
      </Link>
      <Link role="menuitem" className="account-dropdown__item" to={to('/account/settings')} onClick={onClose}>
        {t('account.preferences')}
      </Link>
    </>
  );
}

/** The header's account menu: full name, collapsible balance box, Deposit now, My Account, Preferences, Logout. */
export function AccountDropdown({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [balanceOpen, setBalanceOpen] = useState(true);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Home first, then log out: an account page left behind would otherwise send the visitor to login.
  const signOut = () => {
    onClose();
    void Promise.resolve(navigate(to('/'))).then(() => logout(queryClient, { revoke: true }));
  };

  return (
    <>
      <div className="account-dropdown__scrim" onClick={onClose} aria-hidden="true" />
      <div
        className="account-dropdown"
        role="menu"
        aria-label={t('header.account_menu')}
        data-testid="account-dropdown"
      >
        <div className="account-dropdown__name">{user.full_name}</div>
        <button
          type="button"
          className="account-dropdown__toggle"
          aria-expanded={balanceOpen}
          onClick={() => setBalanceOpen((o) => !o)}
        >
          <span>{t('account.balance_details')}</span>
          <Icon name="chevron" size={18} />
        </button>
        {balanceOpen && <BalanceRows user={user} />}
        <MenuLinks onClose={onClose} />
        <button role="menuitem" type="button" className="account-dropdown__item" onClick={signOut}>
          {t('account.logout')}
        </button>
      </div>
    </>
  );
}
