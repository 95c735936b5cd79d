import { useTranslation } from 'react-i18next';
import { useOddMove } from '../odd-moves';

/** Decimal odds with 2 places, or 3 when the third is not 0 (odds are exact to thousandths). */
export const formatOdd = (odd: number): string => {
  const three = odd.toFixed(3);
  return three.endsWith('0') ? odd.toFixed(2) : three;
};

/** The odd with its up/down arrow for 2 s after a change (spec §4 "Selection activity"). */
export function OddValue({ oddId, odd }: { oddId: number; odd: number }) {
  const { t } = useTranslation();
  const move = useOddMove(oddId);
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
