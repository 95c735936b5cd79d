import { useTranslation } from '@/lib/i18n';
import type { GameSession } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { RouletteBoard } from './roulette-board';
import { RoulettePlacements } from './roulette-placements';
import { RouletteStatus } from './roulette-status';
import { useRouletteSeat } from './use-roulette-seat';

/** A seat at a shared roulette table: countdown, last results, the board, chips and this player's bets. */
export function RouletteGame({ session }: { session: GameSession }) {
  const { t } = useTranslation();
  const seat = useRouletteSeat(session);
  const { state, betting, chip, total, place, message, money } = seat;
  return (
    <div className="roulette-game">
      <RouletteStatus betting={betting} seconds={seat.seconds} history={state?.history} />
      <div className="roulette-chips" role="radiogroup" aria-label={t('casino.roulette.chip')}>
        {session.stakes.map((value) => (
          <button
            type="button"
            role="radio"
            aria-checked={value === chip}
            key={value}
            onClick={() => seat.setChip(value)}
          >
            {value / 100}
          </button>
        ))}
      </div>
      <RouletteBoard selection={seat.selection} onAdd={seat.add} disabled={!betting || place.isPending} />
      <div className="roulette-actions">
        <span data-testid="roulette-selection">
          {t('casino.roulette.selection', { amount: money(total) })}
        </span>
        <Button variant="secondary" onClick={seat.clear} disabled={total === 0}>
          {t('casino.roulette.clear')}
        </Button>
        <Button
          onClick={() => void seat.confirm()}
          disabled={total === 0 || !betting || place.isPending}
          data-testid="roulette-confirm"
        >
          {t('casino.roulette.confirm')}
        </Button>
      </div>
      {message && (
        <p className={`roulette-message roulette-message--${message.kind}`} role="alert">
          {message.text}
        </p>
      )}
      <RoulettePlacements placements={state?.placements} money={money} />
    </div>
  );
}
