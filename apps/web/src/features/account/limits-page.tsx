import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { LimitsResponse } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { useDateFormat } from '@/lib/dates';
import { useSessionUser } from '@/lib/session';
import { useLimits } from './api/get-limits';
import { useUpdateLimits } from './api/update-limits';
import { ExclusionSection } from './components/exclusion-section';
import { changedLimits, limitText } from './components/limit-values';
import './components/account.css';

const REALITY_CHECK_MINUTES = [15, 30, 60, 120];

function LimitsForm({ data, format }: { data: LimitsResponse['result']; format: (iso: string) => string }) {
  const { t } = useTranslation();
  const update = useUpdateLimits();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [reality, setReality] = useState<string>(String(data.realityCheckMinutes ?? ''));
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limits = changedLimits(data.limits, texts);
    if ('invalid' in limits) return setInvalid(limits.invalid);
    setInvalid(null);
    const minutes = reality === '' ? null : Number(reality);
    const realityChanged = minutes !== data.realityCheckMinutes;
    update.mutate(
      { limits, ...(realityChanged ? { realityCheckMinutes: minutes } : {}) },
      { onSuccess: () => setTexts({}) },
    );
  };

  return (
    <form className="limits-form" onSubmit={submit} noValidate>
      {(['stake', 'loss'] as const).map((type) => (
        <fieldset key={type}>
          <legend>{t(`limits.${type}`)}</legend>
          {data.limits
            .filter((l) => l.type === type)
            .map((limit) => {
              const key = `${limit.type}.${limit.period}`;
              return (
                <label key={key}>
                  {t(`limits.${limit.period}`)}
                  <input
                    name={key}
                    inputMode="decimal"
                    placeholder={t('limits.amount_placeholder')}
                    aria-invalid={invalid === key}
                    value={texts[key] ?? limitText(limit.amount)}
                    onChange={(e) => setTexts({ ...texts, [key]: e.target.value })}
                  />
                  {limit.pendingFrom && (
                    <p className="limit-pending">
                      {limitText(limit.pendingAmount) || t('limits.none')} ·{' '}
                      {t('limits.pending', { date: format(limit.pendingFrom) })}
                    </p>
                  )}
                </label>
              );
            })}
        </fieldset>
      ))}
      <fieldset>
        <label>
          {t('limits.reality_check')}
          <select name="realityCheckMinutes" value={reality} onChange={(e) => setReality(e.target.value)}>
            <option value="">{t('limits.reality_check_off')}</option>
            {REALITY_CHECK_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t('limits.minutes', { count: m })}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {invalid && (
        <p role="alert" className="notice notice--error">
          {t('limits.invalid_amount')}
        </p>
      )}
      {update.isError && (
        <p role="alert" className="notice notice--error">
          {t('error.generic')}
        </p>
      )}
      {update.isSuccess && (
        <p role="status" className="notice notice--success">
          {t('limits.saved')}
        </p>
      )}
      <Button type="submit" disabled={update.isPending}>
        {t('limits.save')}
      </Button>
    </form>
  );
}

/** Responsible-gambling limits: stake and loss limits per period, session reminder, time-out, self-exclusion. */
export function LimitsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const limits = useLimits();
  const dates = useDateFormat();
  if (limits.isError)
    return (
      <PageMessage
        role="alert"
        title={t('processing.error')}
        text={t('error.generic')}
        action={<Button onClick={() => void limits.refetch()}>{t('app.retry')}</Button>}
      />
    );
  if (!user || limits.isPending) return <Spinner label={t('app.loading')} />;
  const format = dates.dateTime;
  return (
    <div className="account-page">
      <h1 className="visually-hidden">{t('limits.title')}</h1>
      {limits.data.exclusion && (
        <p role="status" className="notice notice--error">
          {t('limits.excluded_until', { date: format(limits.data.exclusion.until) })}
        </p>
      )}
      <LimitsForm data={limits.data} format={format} />
      {!limits.data.exclusion && <ExclusionSection />}
    </div>
  );
}
