import { useTranslation } from '@/lib/i18n';
import type { LimitsResponse } from '@sb/contract';
import { limitText } from './limit-values';

/** One kind of limit (stake or loss): a field per period, with the change waiting to take effect under it. */
export function LimitFieldset({
  type,
  limits,
  texts,
  invalid,
  onText,
  format,
}: {
  type: 'stake' | 'loss';
  limits: LimitsResponse['result']['limits'];
  /** The texts typed so far by field (`type.period`); a field not typed in shows its limit. */
  texts: Record<string, string>;
  /** The field whose amount is not one. */
  invalid: string | null;
  onText: (key: string, text: string) => void;
  format: (iso: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t(`limits.${type}`)}</legend>
      {limits
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
                onChange={(e) => onText(key, e.target.value)}
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
  );
}
