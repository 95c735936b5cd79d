import { useTranslation } from '@/lib/i18n';
import type { RoulettePlacement } from '@sb/contract';

function PlacementLine({ placement, money }: { placement: RoulettePlacement; money: (n: number) => string }) {
  const { t } = useTranslation();
  const outcome =
    placement.status === 'open'
      ? t('casino.roulette.waiting')
      : placement.status === 'void'
        ? t('casino.roulette.void')
        : placement.status === 'won'
          ? t('casino.roulette.won', { amount: money(placement.payout ?? 0) })
          : t('casino.roulette.lost');
  return (
    <li className={`is-${placement.status}`}>
      <span>{t('casino.roulette.round', { no: placement.round % 10_000 })}</span>
      <span>
        {placement.bets
          .map((b) => t(`casino.roulette.bet.${b.type}`, { numbers: b.numbers.join('-') }))
          .join(', ')}
      </span>
      <strong>
        {money(placement.stake)} · {outcome}
      </strong>
    </li>
  );
}

/** This player's bets at the table, each with its round, numbers, stake and outcome; the odds under them. */
export function RoulettePlacements({
  placements,
  money,
}: {
  placements: RoulettePlacement[] | undefined;
  money: (n: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="roulette-placements">
      <h2>{t('casino.roulette.your_bets')}</h2>
      <ol data-testid="roulette-placements">
        {placements?.map((p) => (
          <PlacementLine key={p.id} placement={p} money={money} />
        ))}
      </ol>
      <p className="roulette-odds">{t('casino.roulette.odds')}</p>
    </section>
  );
}
