import { memo } from 'react';
import { useTranslation } from '@/lib/i18n';
import { marketCaption } from '@sb/betting';
import type { Currency, FixtureEvent } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { formatUserMoney } from '@/lib/money';
import type { SlipEntry } from '@/lib/slip-store';
import { errorKey, locksSelection, type SlipError } from '../bet-errors';
import { liveClock } from '@/lib/fixtures/live-clock';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';
import { OddValue } from './odd-value';

export interface SlipRowProps {
  entry: SlipEntry;
  /** Position shown in system type (the combinations list names rows by it); null otherwise. */
  number: number | null;
  /** The event as the fixture list reports it now (live clock, score); undefined until loaded or when over. */
  event: FixtureEvent | undefined;
  error: SlipError | undefined;
  /** The live feed holds the pick shut now (event suspended, market or selection off sale): locked at once. */
  held?: boolean;
  currency: Pick<Currency, 'symbol' | 'position'>;
  /** Another selection of the slip is from the same match (they never stand in one combination). */
  sameMatch: boolean;
  /** Banker toggle: hidden (null), or shown and whether it may be switched on now. */
  banker: { canSet: boolean } | null;
  /** Called with the row's odd id (one function for every row, so an unchanged row is not drawn again). */
  onRemove: (oddId: number) => void;
  onBanker: (oddId: number) => void;
}

function MatchLine({ entry, event }: Pick<SlipRowProps, 'entry' | 'event'>) {
  const { t } = useTranslation();
  const dateContext = useStartTimeContext();
  const live = event?.isLive ?? entry.live;
  if (live && event) {
    const clock = liveClock(event, t);
    return (
      <span className="slip-row__time slip-row__time--live">
        <span className="slip-row__live">{t('betslip.live')}</span> {clock}{' '}
        <strong data-testid="slip-score">
          {event.data.score.home}:{event.data.score.away}
        </strong>
      </span>
    );
  }
  return (
    <span className="slip-row__time">
      {formatStart(event?.startDate ?? entry.match.startDate, dateContext, t)}
    </span>
  );
}

/** The banker toggle (B): on, or off and switched on only while one more may be set. */
function BankerToggle({
  entry,
  canSet,
  onBanker,
}: {
  entry: SlipEntry;
  canSet: boolean;
  onBanker: (oddId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="slip-row__banker"
      aria-pressed={entry.banker}
      aria-label={t('betslip.banker')}
      disabled={!entry.banker && !canSet}
      onClick={() => onBanker(entry.oddId)}
    >
      B
    </button>
  );
}

/** The row's market caption and the selection's maximum stake, when the server named one. */
function MarketLine({ entry, currency }: Pick<SlipRowProps, 'entry' | 'currency'>) {
  const { t } = useTranslation();
  return (
    <div className="slip-row__line slip-row__line--muted">
      <span className="slip-row__market">{marketCaption(entry.name, entry.specialValue, entry.outCome)}</span>
      {entry.maxStake !== null && (
        <span className="slip-row__max">
          {t('betslip.max_stake', { amount: formatUserMoney(entry.maxStake, currency) })}
        </span>
      )}
    </div>
  );
}

/** A bet builder's legs, one caption each. */
function BuilderLegs({ legs }: { legs: string[] }) {
  return (
    <ul className="slip-row__legs" data-testid="slip-builder-legs">
      {legs.map((leg) => (
        <li key={leg}>{leg}</li>
      ))}
    </ul>
  );
}

/**
 * One selection of the slip (spec §2): market, outcome, error, max stake, teams, competition, clock, odd. Memoised:
 * a stake typed on a 25-pick slip draws the footer, not 25 rows (issue 33 item 2, `bench/slip.ts`).
 */
export const SlipRow = memo(function SlipRow(props: SlipRowProps) {
  const { entry, number, event, error, held, currency, sameMatch, banker, onRemove, onBanker } = props;
  const { t } = useTranslation();
  const match = `${entry.match.home} – ${entry.match.away}`;
  const value = error?.value === undefined ? {} : { amount: formatUserMoney(error.value, currency) };
  const locked = held === true || locksSelection(error);
  return (
    <li
      className={`slip-row${error ? ' slip-row--error' : ''}${locked ? ' slip-row--locked' : ''}`}
      data-testid="slip-row"
      data-odd-id={entry.oddId}
      data-locked={locked || undefined}
    >
      <div className="slip-row__line">
        {number !== null && <span className="slip-row__number">{number}</span>}
        <strong className="slip-row__outcome">{entry.outCome}</strong>
        {locked && (
          <span className="slip-row__lock" role="img" aria-label={t('betslip.locked')}>
            <Icon name="lock" size={16} />
          </span>
        )}
        <OddValue oddId={entry.oddId} odd={entry.odd} />
        {banker && <BankerToggle entry={entry} canSet={banker.canSet} onBanker={onBanker} />}
        <button
          type="button"
          className="slip-row__remove"
          aria-label={t('betslip.remove', { name: entry.outCome, match })}
          onClick={() => onRemove(entry.oddId)}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <MarketLine entry={entry} currency={currency} />
      {entry.builder && <BuilderLegs legs={entry.builder.legs} />}
      <div className="slip-row__teams">
        {match}
        {sameMatch && (
          <span className="slip-row__same" data-testid="same-match">
            {t('betslip.same_match')}
          </span>
        )}
      </div>
      <div className="slip-row__line slip-row__line--muted">
        <span className="slip-row__competition">{event?.competition.name ?? entry.match.competition}</span>
        <MatchLine entry={entry} event={event} />
      </div>
      {error && (
        <p className="slip-row__error" role="alert">
          {t(errorKey(error.code), value)}
        </p>
      )}
    </li>
  );
});
