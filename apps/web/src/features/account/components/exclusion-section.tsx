import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { type ExclusionRequest, useStartExclusion } from '../api/start-exclusion';

const TIME_OUT_HOURS = [24, 72, 168, 336, 1008];
const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60];

/** Time-out (24 h – 6 weeks) and self-exclusion (6 months +), each behind an explicit confirmation. */
export function ExclusionSection() {
  const { t } = useTranslation();
  const start = useStartExclusion();
  const [hours, setHours] = useState(TIME_OUT_HOURS[0]!);
  const [months, setMonths] = useState(SELF_EXCLUSION_MONTHS[0]!);
  const [pending, setPending] = useState<ExclusionRequest | null>(null);

  const hoursLabel = (h: number) =>
    h % 168 === 0 ? t('limits.weeks', { count: h / 168 }) : t('limits.hours', { count: h });
  const duration = (r: ExclusionRequest) =>
    r.kind === 'timeout' ? hoursLabel(r.hours) : t('limits.months', { count: r.months });

  if (pending) {
    return (
      <section className="confirm" role="alertdialog" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{t('limits.confirm_title')}</h2>
        <p>
          {t(pending.kind === 'timeout' ? 'limits.confirm_time_out' : 'limits.confirm_self_exclusion', {
            duration: duration(pending),
          })}
        </p>
        {start.isError && <p role="alert">{t('error.generic')}</p>}
        <div className="confirm__actions">
          <Button variant="secondary" onClick={() => setPending(null)}>
            {t('limits.confirm_no')}
          </Button>
          <Button
            disabled={start.isPending}
            onClick={() => start.mutate(pending, { onSuccess: () => setPending(null) })}
          >
            {t('limits.confirm_yes')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <>
      <section className="exclusion limits-form">
        <h2>{t('limits.time_out')}</h2>
        <p>{t('limits.time_out_text')}</p>
        <label>
          {t('limits.duration')}
          <select value={hours} onChange={(e) => setHours(Number(e.target.value))}>
            {TIME_OUT_HOURS.map((h) => (
              <option key={h} value={h}>
                {hoursLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => setPending({ kind: 'timeout', hours })}>
          {t('limits.time_out')}
        </Button>
      </section>
      <section className="exclusion limits-form">
        <h2>{t('limits.self_exclusion')}</h2>
        <p>{t('limits.self_exclusion_text')}</p>
        <label>
          {t('limits.duration')}
          <select value={months} onChange={(e) => setMonths(Number(e.target.value))}>
            {SELF_EXCLUSION_MONTHS.map((m) => (
              <option key={m} value={m}>
                {t('limits.months', { count: m })}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => setPending({ kind: 'self_exclusion', months })}>
          {t('limits.self_exclusion')}
        </Button>
      </section>
    </>
  );
}
