import { useTranslation } from '@/lib/i18n';
import type { RouletteStateResponse } from '@sb/contract';
import { colourOf } from './roulette-layout';

/** The table's phase and countdown, the wheel with the last number, and the last results. */
export function RouletteStatus({
  betting,
  seconds,
  history,
}: {
  betting: boolean;
  seconds: number;
  history: RouletteStateResponse['result']['history'] | undefined;
}) {
  const { t } = useTranslation();
  const latest = history?.[0];
  return (
    <>
      <div
        className={`roulette-status${betting ? '' : ' is-closed'}`}
        role="status"
        data-testid="roulette-phase"
        data-phase={betting ? 'betting' : 'closed'}
      >
        <strong>{betting ? t('casino.roulette.place_bets') : t('casino.roulette.no_more_bets')}</strong>
        <span>
          {betting ? t('casino.roulette.closes_in', { seconds }) : t('casino.roulette.spins_in', { seconds })}
        </span>
      </div>
      <div className="roulette-wheel-row">
        <div className={`roulette-wheel${betting ? '' : ' is-spinning'}`} aria-hidden="true" />
        <div
          className="roulette-result"
          data-testid="roulette-result"
          data-round={latest?.no}
          data-number={latest?.number}
        >
          <span>{t('casino.roulette.result')}</span>
          {latest && (
            <strong className={`roulette-ball roulette-ball--${colourOf(latest.number)}`}>
              {latest.number}
            </strong>
          )}
        </div>
      </div>
      <section aria-label={t('casino.roulette.last_results')} className="roulette-history">
        <h2>{t('casino.roulette.last_results')}</h2>
        <ol>
          {history?.map((h) => (
            <li key={h.no} data-round={h.no} className={`roulette-ball roulette-ball--${colourOf(h.number)}`}>
              {h.number}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
