import { useTranslation } from '@/lib/i18n';
import type { BetPanelForm } from './use-bet-panel';

/** A bet panel's fields: stake, auto cash-out and its multiplier, auto-bet rounds (locked while the bet is open). */
export function BetPanelFields({ form, open }: { form: BetPanelForm; open: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="crash-panel__row">
      <label className="crash-field">
        <span>{t('crash.stake')}</span>
        <input
          inputMode="decimal"
          value={form.stake}
          onChange={(e) => form.setStake(e.target.value)}
          disabled={open}
        />
      </label>
      <label className="crash-field crash-field--check">
        <input
          type="checkbox"
          checked={form.autoOn}
          onChange={(e) => form.setAutoOn(e.target.checked)}
          disabled={open}
        />
        <span>{t('crash.auto_cashout')}</span>
      </label>
      <label className="crash-field">
        <span>{t('crash.auto_at')}</span>
        <input
          inputMode="decimal"
          value={form.auto}
          onChange={(e) => form.setAuto(e.target.value)}
          disabled={!form.autoOn || open}
        />
      </label>
      <label className="crash-field">
        <span>{t('crash.auto_rounds')}</span>
        <input
          inputMode="numeric"
          value={form.autoRounds}
          onChange={(e) => form.setAutoRounds(e.target.value.replace(/\D/g, ''))}
        />
      </label>
    </div>
  );
}
