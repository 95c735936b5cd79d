import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { SessionUser, Transaction } from '@sb/contract';
import { Spinner } from '@/components/ui/spinner';
import { todayIn, useDateFormat } from '@/lib/dates';
import { formatUserMoney } from '@/lib/money';
import { useSessionUser } from '@/lib/session';
import { useNextPageMarker } from '@/lib/use-end-marker';
import { useTransactions } from './api/get-transactions';
import { DateRangeForm, type DateRange } from '@/components/ui/date-range-form';
import { Link } from '@/components/ui/link';
import { useLocalePath } from '@/lib/app-context';
import { defaultTransactionsRange, latestTransactionsEnd } from './components/transactions-range';
import './components/account.css';

function RangeFilter({
  today,
  initial,
  onApply,
}: {
  today: string;
  initial: DateRange;
  onApply: (range: DateRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <DateRangeForm
      initial={initial}
      latestEnd={latestTransactionsEnd(today)}
      className="range-filter"
      texts={{
        from: t('transactions.from'),
        to: t('transactions.to'),
        apply: t('transactions.filter'),
        end_too_late: t('transactions.end_after_tomorrow'),
        start_after_end: t('transactions.start_after_end'),
      }}
      buttonVariant="secondary"
      onApply={onApply}
    />
  );
}

function TransactionRow({ item, user }: { item: Transaction; user: SessionUser }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const to = useLocalePath();
  const plus = item.type.operator === '+';
  return (
    <li className="transaction" data-testid="transaction">
      <span className="transaction__info">
        {item.info}
        {item.betId !== null && (
          <>
            {' · '}
            <Link to={to(`/account/my-bets?bet=${item.betId}`)} data-testid="transaction-bet">
              {t('transactions.bet', { id: item.betId })}
            </Link>
          </>
        )}
      </span>
      <span className={`transaction__amount transaction__amount--${plus ? 'plus' : 'minus'}`}>
        {plus ? '+' : '−'}
        {formatUserMoney(item.amount, user.currency)}
      </span>
      <span className="transaction__date">{dates.dateTime(item.addedAt)}</span>
      <span className="transaction__after">
        {t('transactions.balance_after', { amount: formatUserMoney(item.balanceAfter, user.currency) })}
      </span>
    </li>
  );
}

function TransactionList({ user, range }: { user: SessionUser; range: DateRange }) {
  const { t } = useTranslation();
  const query = useTransactions({ uid: user.uid, ...range });
  const marker = useNextPageMarker(query);
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError)
    return (
      <p role="alert" className="notice notice--error">
        {t('error.generic')}
      </p>
    );
  const items = query.data.pages.flatMap((p) => p.transactions);
  if (items.length === 0) return <p className="list-end">{t('transactions.empty')}</p>;
  return (
    <>
      <ul className="transactions" data-testid="transactions">
        {items.map((item) => (
          <TransactionRow key={item.id} item={item} user={user} />
        ))}
      </ul>
      <div ref={marker} className="list-end" data-testid="list-end">
        {query.isFetchingNextPage ? t('transactions.loading_more') : null}
      </div>
    </>
  );
}

/** Spec §2 Transactions: a date-range filter (end not after today) over an infinite list, 10 per page. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const today = user ? todayIn(user.timezone) : '';
  const [range, setRange] = useState<DateRange | null>(null);
  if (!user) return <Spinner label={t('app.loading')} />;
  const applied = range ?? defaultTransactionsRange(today);
  return (
    <div className="account-page">
      <h1 className="visually-hidden">{t('account.transactions')}</h1>
      <RangeFilter today={today} initial={applied} onApply={setRange} />
      <TransactionList user={user} range={applied} />
    </div>
  );
}
