import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { type ExclusionRequest, useStartExclusion } from '../api/start-exclusion';

const TIME_OUT_HOURS = [24, 72, 168, 336, 1008];
const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60];

/** The explicit confirmation before a time-out or self-exclusion starts (`text` says which, and for how long). */
function ExclusionConfirm({
  text,
  failed,
  busy,
  onCancel,
  onConfirm,
}: {
  text: string;
  failed: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="confirm" role="alertdialog" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t('limits.confirm_title')}</h2>
      <p>{text}</p>
      {failed && <p role="alert">{t('error.generic')}</p>}
      <div className="confirm__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('limits.confirm_no')}
        </Button>
        <Button disabled={busy} onClick={onConfirm}>
          {t('limits.confirm_yes')}
        </Button>
      </div>
    </section>
  );
}

/** A time-out or self-exclusion: what it is, its duration to choose, and the button that asks to start it. */
function ExclusionChoice({
  kind,
  value,
  options,
  onChange,
  onStart,
}: {
  kind: 'time_out' | 'self_exclusion';
  value: number;
  /** Each duration and its label. */
  options: [number, string][];
  onChange: (value: number) => void;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="exclusion limits-form">
      <h2>{t(`limits.${kind}`)}</h2>
      <p>{t(`limits.${kind}_text`)}</p>
      <label>
        {t('limits.duration')}
        <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {options.map(([option, label]) => (
            <option key={option} value={option}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" onClick={onStart}>
        {t(`limits.${kind}`)}
      </Button>
    </section>
  );
}

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
      <ExclusionConfirm
        text={t(pending.kind === 'timeout' ? 'limits.confirm_time_out' : 'limits.confirm_self_exclusion', {
          duration: duration(pending),
        })}
        failed={start.isError}
        busy={start.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => start.mutate(pending, { onSuccess: () => setPending(null) })}
      />
    );
  }
  return (
    <>
      <ExclusionChoice
        kind="time_out"
        value={hours}
        options={TIME_OUT_HOURS.map((h) => [h, hoursLabel(h)])}
        onChange={setHours}
        onStart={() => setPending({ kind: 'timeout', hours })}
      />
      <ExclusionChoice
        kind="self_exclusion"
        value={months}
        options={SELF_EXCLUSION_MONTHS.map((m) => [m, t('limits.months', { count: m })])}
        onChange={setMonths}
        onStart={() => setPending({ kind: 'self_exclusion', months })}
      />
    </>
  );
}
