import { useTranslation } from '@/lib/i18n';
import { BetPanelAction } from './bet-panel-action';
import { BetPanelFields } from './bet-panel-fields';
import { useBetPanel, type BetPanelProps } from './use-bet-panel';

/** One of the two bet panels: stake, auto cash-out, auto-bet for N rounds, bet / cash-out. */
export function BetPanel(props: BetPanelProps) {
  const { slot, session, round, offsetMs, mine } = props;
  const { t } = useTranslation();
  const { form, error, busy, place, cashout } = useBetPanel(props);
  return (
    <section
      className="crash-panel"
      aria-label={t('crash.panel', { n: slot + 1 })}
      data-testid={`crash-panel-${slot}`}
    >
      <BetPanelFields form={form} open={mine?.status === 'open'} />
      <BetPanelAction
        slot={slot}
        session={session}
        round={round}
        offsetMs={offsetMs}
        mine={mine}
        busy={busy}
        onBet={(roundId) => void place(roundId)}
        onCashout={cashout}
      />
      {error && (
        <p className="crash-panel__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
