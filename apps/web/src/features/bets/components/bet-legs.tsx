import { useTranslation } from '@/lib/i18n';
import { marketCaption } from '@sb/betting';
import type { BetView } from '@sb/contract';
import { phaseClock } from '@/lib/fixtures/live-clock';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';
import { useFormatOdds } from '@/lib/odds-format';

type Item = BetView['items'][number];

function LegState({ item }: { item: Item }) {
  const { t } = useTranslation();
  const dateContext = useStartTimeContext();
  const score = `${item.mData.score.home}:${item.mData.score.away}`;
  if (item.oddResult)
    return (
      <span className={`bet-leg__result bet-leg__result--${item.oddResult}`}>
        {t(`bets.leg.${item.oddResult}`)} · {score}
      </span>
    );
  if (item.matchOnLive)
    return (
      <span className="bet-leg__live">
        {phaseClock(item.matchStats.status, item.matchPeriodTime, t)}{' '}
        <strong data-testid="leg-score">{score}</strong>
      </span>
    );
  return <span className="bet-leg__time">{formatStart(item.matchStartDate, dateContext, t)}</span>;
}

/** The selections of a bet (spec §2: cards expand to them) with live scores and per-leg results. */
export function BetLegs({ bet }: { bet: BetView }) {
  const { t } = useTranslation();
  const formatOdd = useFormatOdds();
  return (
    <ol className="bet-legs" data-testid="bet-legs">
      {bet.items.map((item) => (
        <li key={item.selectionId} className="bet-leg">
          <span className="bet-leg__teams">
            {item.fcName} – {item.scName}
          </span>
          <span className="bet-leg__odd">{formatOdd(item.oddValue)}</span>
          <span className="bet-leg__pick">
            {marketCaption(item.name, item.specialValue, item.selection)}: <strong>{item.selection}</strong>
            {item.banker && <span className="bet-leg__banker">{t('bets.banker')}</span>}
          </span>
          <span className="bet-leg__state">
            <LegState item={item} />
          </span>
          {item.builder && (
            <ul className="bet-leg__builder" data-testid="bet-builder-legs">
              {item.builder.map((leg) => (
                <li key={leg.selectionId} data-result={leg.result ?? 'open'}>
                  {leg.name}: <strong>{leg.selection}</strong>{' '}
                  {/* Each leg's state in play: won or lost once its selection is decided, open until then. */}
                  <span
                    className={`bet-leg__result bet-leg__result--${leg.result ?? 'open'}`}
                    data-testid="builder-leg-state"
                  >
                    {leg.result ? t(`bets.leg.${leg.result}`) : t('builder.leg_open')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
