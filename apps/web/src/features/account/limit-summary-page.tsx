import { useTranslation } from '@/lib/i18n';
import type { LimitSummaryItem, SessionUser } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { useDateFormat } from '@/lib/dates';
import { formatUserMoney } from '@/lib/money';
import { useSessionUser } from '@/lib/session';
import { useLimitSummary } from './api/get-limit-summary';
import './components/account.css';

function SummaryItem({ item, user }: { item: LimitSummaryItem; user: SessionUser }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatUserMoney(amount, user.currency);
  const date = useDateFormat().dateTime;
  const share = item.amount ? Math.min(100, Math.round((item.used / item.amount) * 100)) : 0;
  return (
    <li data-testid="limit-summary-item">
      <h2>
        {t(`limits.${item.period}`)} {t(`limits.${item.type}`)}
      </h2>
      <dl>
        <dt>{t('limits.amount')}</dt>
        <dd>{item.amount === null ? t('limits.none') : money(item.amount)}</dd>
        <dt>{t('limits.used')}</dt>
        <dd>{money(item.used)}</dd>
        {item.remaining !== null && (
          <>
            <dt>{t('limits.remaining')}</dt>
            <dd>{money(item.remaining)}</dd>
          </>
        )}
      </dl>
      {item.amount !== null && (
        <div className="meter" aria-hidden="true">
          <span style={{ width: `${share}%` }} />
        </div>
      )}
      <small>{t('limits.period_range', { from: date(item.periodStart), to: date(item.periodEnd) })}</small>
      {item.pendingFrom && (
        <p className="limit-pending">
          {item.pendingAmount === null ? t('limits.none') : money(item.pendingAmount)} ·{' '}
          {t('limits.pending', { date: date(item.pendingFrom) })}
        </p>
      )}
    </li>
  );
}

/** Limit summary: each limit, what is used of it in the current period, and pending raises. */
export function LimitSummaryPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const summary = useLimitSummary();
  const dates = useDateFormat();
  if (summary.isError)
    return (
      <PageMessage
        role="alert"
        title={t('processing.error')}
        text={t('error.generic')}
        action={<Button onClick={() => void summary.refetch()}>{t('app.retry')}</Button>}
      />
    );
  if (!user || summary.isPending) return <Spinner label={t('app.loading')} />;
  const { items, exclusion, realityCheckMinutes } = summary.data;
  return (
    <div className="account-page">
      <h1 className="visually-hidden">{t('limits.summary_title')}</h1>
      {exclusion && (
        <p role="status" className="notice notice--error">
          {t('limits.excluded_until', {
            date: dates.dateTime(exclusion.until),
          })}
        </p>
      )}
      <ul className="summary">
        {items.map((item) => (
          <SummaryItem key={`${item.type}.${item.period}`} item={item} user={user} />
        ))}
      </ul>
      <p>
        {t('limits.reality_check')}:{' '}
        {realityCheckMinutes === null
          ? t('limits.reality_check_off')
          : t('limits.minutes', { count: realityCheckMinutes })}
      </p>
    </div>
  );
}
