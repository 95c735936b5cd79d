import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CrashCurve } from './crash-curve';
import { CrashHistory } from './crash-history';
import { CrashLiveBets } from './crash-live-bets';
import { formatMultiplier } from './crash-math';
import { useAviator } from './use-aviator';
import './crash.css';

import { BetPanel } from './bet-panel';
import { FairnessDialog } from './fairness-dialog';

/** The aviator screen: the shared flight, two bet panels, live bets, history strip, fairness. */
export function AviatorPage() {
  const { t } = useTranslation();
  const [fairness, setFairness] = useState(false);
  const { session, error, game, balance, bets } = useAviator();
  const round = game.round;

  return (
    <div
      className="crash-page"
      data-testid="aviator-page"
      data-round={round?.id ?? ''}
      data-phase={round?.phase ?? ''}
    >
      <h1 className="visually-hidden">{t('route.aviator')}</h1>
      <CrashHistory history={game.history} />
      <div className="crash-top">
        <span data-testid="crash-balance">
          {balance.text !== null ? `${t('crash.balance')}: ${balance.text}` : ''}
          {session?.demo ? ` · ${t('crash.demo')}` : ''}
        </span>
        <button type="button" className="crash-link" onClick={() => setFairness(true)}>
          {t('crash.fairness')}
        </button>
      </div>
      <CrashCurve
        round={round}
        offsetMs={game.offsetMs}
        labels={{ waiting: t('crash.next_round_in'), crashed: t('crash.flew_away') }}
      />
      {round?.forcePoint != null && (
        <p className="crash-note">{t('crash.force_point', { point: formatMultiplier(round.forcePoint) })}</p>
      )}
      {error && (
        <p className="crash-panel__error" role="alert">
          {error}
        </p>
      )}
      {session ? (
        <div className="crash-panels">
          {([0, 1] as const).map((slot) => (
            <BetPanel
              key={slot}
              slot={slot}
              session={session}
              round={round}
              offsetMs={game.offsetMs}
              mine={bets.mineIn(slot)}
              onPlaced={bets.onPlaced}
            />
          ))}
        </div>
      ) : (
        !error && <p className="crash-note">{t('crash.loading')}</p>
      )}
      <CrashLiveBets bets={game.bets} session={session} />
      {fairness && <FairnessDialog onClose={() => setFairness(false)} />}
    </div>
  );
}
