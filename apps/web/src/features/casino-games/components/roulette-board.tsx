import { useTranslation } from '@/lib/i18n';
import type { RouletteBet } from '@sb/contract';
import { Tabs } from '@/components/ui/tabs';
import { BOARD_MODES, COLUMNS, DOZENS, OUTSIDE, betKey, colourOf } from './roulette-layout';
import { useBoardMode } from './use-board-mode';

type BoardBet = Pick<RouletteBet, 'type' | 'numbers'>;

/** Amounts per bet on the board, shown as chips on the cells they cover. */
export type Selection = Map<string, RouletteBet>;

/** Total on the bets covering n (so a chip on a corner shows on its four numbers). */
const cellTotal = (selection: Selection, n: number) =>
  [...selection.values()]
    .filter((b) => b.numbers.includes(n) && !['dozen', 'column'].includes(b.type))
    .reduce((s, b) => s + b.amount, 0);

/** The chip on a cell: the amount on it, in whole units; nothing when none. */
function ChipMark({ amount }: { amount: number }) {
  return amount > 0 ? <span className="roulette-chip-mark">{amount / 100}</span> : null;
}

/** A cell outside the numbers (a column, a dozen, an even-money bet): a tap adds its bet. */
function OutsideCell({
  bet,
  label,
  className,
  amount,
  onAdd,
  disabled,
}: {
  bet: BoardBet;
  label: string;
  className: string;
  amount: number;
  onAdd: (bet: BoardBet) => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      className={`roulette-cell roulette-cell--outside ${className}`}
      onClick={() => onAdd(bet)}
      disabled={disabled}
    >
      {label}
      <ChipMark amount={amount} />
    </button>
  );
}

/**
 * The European layout, upright for a phone: zero on top, twelve rows of three, columns at the bottom, dozens and
 * the even-money bets below. A mode turns a tap on a number into a straight, split, street, corner or six-line bet.
 */
export function RouletteBoard({
  selection,
  onAdd,
  disabled,
}: {
  selection: Selection;
  onAdd: (bet: BoardBet) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { mode, splitFrom, onNumber, choose } = useBoardMode(onAdd);
  const outside = (bet: BoardBet, label: string, className = '') => (
    <OutsideCell
      key={betKey(bet)}
      bet={bet}
      label={label}
      className={className}
      amount={selection.get(betKey(bet))?.amount ?? 0}
      onAdd={onAdd}
      disabled={disabled}
    />
  );
  return (
    <div className="roulette-board">
      <Tabs
        label={t('casino.roulette.bet_type')}
        items={BOARD_MODES.map((m) => ({ key: m, label: t(`casino.roulette.mode.${m}`) }))}
        active={mode}
        onSelect={choose}
      />
      <p className="roulette-hint">
        {t(mode === 'split' ? 'casino.roulette.hint.split' : 'casino.roulette.hint.other')}
      </p>
      <div className="roulette-grid">
        {[0, ...Array.from({ length: 36 }, (_, i) => i + 1)].map((n) => (
          <button
            type="button"
            key={n}
            data-number={n}
            className={`roulette-cell roulette-cell--${colourOf(n)}${n === 0 ? ' roulette-cell--zero' : ''}${splitFrom === n ? ' is-picked' : ''}`}
            onClick={() => onNumber(n)}
            disabled={disabled}
          >
            {n}
            <ChipMark amount={cellTotal(selection, n)} />
          </button>
        ))}
        {COLUMNS.map((c) => outside(c, t('casino.roulette.column_short'), 'roulette-cell--column'))}
      </div>
      <div className="roulette-outside roulette-outside--dozens">
        {DOZENS.map((d) => outside(d, t('casino.roulette.bet.dozen', { numbers: d.numbers[0] })))}
      </div>
      <div className="roulette-outside">
        {OUTSIDE.map((o) => outside(o, t(`casino.roulette.bet.${o.type}`), `roulette-cell--${o.type}`))}
      </div>
    </div>
  );
}
