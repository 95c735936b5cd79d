import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { SessionUser } from '@sb/contract';
import { useLocalePath } from '@/lib/app-context';
import { formatUserMoney } from '@/lib/money';
import './account.css';

/** The account screen's balance box with the deposit button (spec §2 Account). */
export function BalanceBox({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section className="balance-box" aria-label={t('account.balance')}>
      <span className="balance-box__label">{t('account.withdrawable')}</span>
      <span className="balance-box__amount" data-testid="account-balance">
        {formatUserMoney(user.balance, user.currency)}
      </span>
      <span className="balance-box__bonus">
        {t('account.bonus')}: {formatUserMoney(user.bonus, user.currency)}
      </span>
      <Link className="ui-button" to={to('/deposit')}>
        {t('account.deposit_now')}
      </Link>
    </section>
  );
}
