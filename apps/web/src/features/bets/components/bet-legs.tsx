import { useTranslation } from 'react-i18next';
import type { BetView } from '@sb/contract';
import { liveClock, startTime } from '@/lib/event-clock';

type Item = BetView['items'][number];

/** Decimal odds with 2 places, or 3 when the third is not 0. */
const formatOdd = (odd: number): string => {
  const three = odd.toFixed(3);
  return three.endsWith('0') ? odd.toFixed(2) : three;
};

function LegState({ item, user }: { item: Item; user: { timezone: string; date_format: string } }) {
  const { t } = useTranslation();
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
        {liveClock({ status: item.matchStats.status, periodTime: item.matchPeriodTime }, t)}{' '}
        <strong data-testid="leg-score">{score}</strong>
      </span>
    );
  return (
    <span className="bet-leg__time">{startTime(item.matchStartDate, user.timezone, user.date_format)}</span>
  );
}

/** The selections of a bet (spec §2: cards expand to them) with live scores and per-leg results. */
export function BetLegs({ bet, user }: { bet: BetView; user: { timezone: string; date_format: string } }) {
  const { t } = useTranslation();
  return (
    <ol className="bet-legs" data-testid="bet-legs">
      {bet.items.map((item) => (
        <li key={item.selectionId} className="bet-leg">
          <span className="bet-leg__teams">
            {item.fcName} – {item.scName}
          </span>
          <span className="bet-leg__odd">{formatOdd(item.oddValue)}</span>
          <span className="bet-leg__pick">
            {item.name}
            {item.specialValue ? ` (${item.specialValue})` : ''}: <strong>{item.selection}</strong>
            {item.banker && <span className="bet-leg__banker">{t('bets.banker')}</span>}
          </span>
          <span className="bet-leg__state">
            <LegState item={item} user={user} />
          </span>
        </li>
      ))}
    </ol>
  );
}
