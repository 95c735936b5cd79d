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
import { LimitFieldset } from './components/limit-fieldset';
import { changedLimits } from './components/limit-values';
import './components/account.css';

const REALITY_CHECK_MINUTES = [15, 30, 60, 120];

/** The session reminder: every so many minutes, or off (''). */
function RealityCheckFieldset({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <label>
        {t('limits.reality_check')}
        <select name="realityCheckMinutes" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('limits.reality_check_off')}</option>
          {REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t('limits.minutes', { count: m })}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

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
        <LimitFieldset
          key={type}
          type={type}
          limits={data.limits}
          texts={texts}
          invalid={invalid}
          onText={(key, text) => setTexts({ ...texts, [key]: text })}
          format={format}
        />
      ))}
      <RealityCheckFieldset value={reality} onChange={setReality} />
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
