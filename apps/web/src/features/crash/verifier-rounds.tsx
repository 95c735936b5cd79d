import { useTranslation } from '@/lib/i18n';
import { formatMultiplier } from './crash-math';
import type { PublishedRound } from './use-verifier';

/** The published rounds as chips: one fills the form with its hash (pressed: the round being checked). */
export function VerifierRounds({
  rounds,
  hash,
  onPick,
}: {
  rounds: PublishedRound[];
  hash: string;
  onPick: (round: PublishedRound) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="crash-history"
      role="group"
      aria-label={t('crash.verify_pick')}
      data-testid="verify-rounds"
    >
      {rounds.map((r) => (
        <button
          key={r.id}
          type="button"
          className={`crash-history__item${r.crashPoint >= 200 ? ' crash-history__item--high' : ''}`}
          aria-label={t('crash.verify_round', { id: r.id, point: formatMultiplier(r.crashPoint) })}
          aria-pressed={r.hash === hash.trim()}
          data-round={r.id}
          onClick={() => onPick(r)}
        >
          {formatMultiplier(r.crashPoint)}
        </button>
      ))}
    </div>
  );
}
