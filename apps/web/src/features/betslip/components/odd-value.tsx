import { useTranslation } from '@/lib/i18n';
import { useFormatOdds } from '@/lib/odds-format';
import { useOddMove } from '../odd-moves';

/** The odd with its up/down arrow for 2 s after a change (spec §4 "Selection activity"). */
export function OddValue({ oddId, odd }: { oddId: number; odd: number }) {
  const { t } = useTranslation();
  const move = useOddMove(oddId);
  const formatOdd = useFormatOdds();
  return (
    <span
      className={`slip-odd${move ? ` slip-odd--${move}` : ''}`}
      data-testid="slip-odd"
      data-move={move ?? ''}
    >
      {move && (
        <span
          className="slip-odd__arrow"
          role="img"
          aria-label={t(move === 'up' ? 'betslip.odd_up' : 'betslip.odd_down')}
        >
          {move === 'up' ? '▲' : '▼'}
        </span>
      )}
      {formatOdd(odd)}
    </span>
  );
}
