import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { RouletteBet } from '@sb/contract';
import { Tabs } from '@/components/ui/tabs';
import {
  BOARD_MODES,
  COLUMNS,
  DOZENS,
  OUTSIDE,
  betFor,
  betKey,
  colourOf,
  isSplit,
  type BoardMode,
} from './roulette-layout';

type BoardBet = Pick<RouletteBet, 'type' | 'numbers'>;

/** Amounts per bet on the board, shown as chips on the cells they cover. */
export type Selection = Map<string, RouletteBet>;

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
  const [mode, setMode] = useState<BoardMode>('straight');
  const [splitFrom, setSplitFrom] = useState<number | null>(null);
  const onNumber = (n: number) => {
    if (mode !== 'split') {
      const bet = betFor(mode, n);
      if (bet) onAdd(bet);
      return;
    }
    if (splitFrom === null || splitFrom === n || !isSplit(splitFrom, n)) return setSplitFrom(n);
    onAdd({ type: 'split', numbers: [splitFrom, n].sort((a, b) => a - b) });
    setSplitFrom(null);
  };
  /** Total on the bets covering n (so a chip on a corner shows on its four numbers). */
  const onCell = (n: number) =>
    [...selection.values()]
      .filter((b) => b.numbers.includes(n) && !['dozen', 'column'].includes(b.type))
      .reduce((s, b) => s + b.amount, 0);
  const chip = (amount: number) =>
    amount > 0 ? <span className="roulette-chip-mark">{amount / 100}</span> : null;
  const outside = (bet: BoardBet, label: string, className = '') => (
    <button
      type="button"
      key={betKey(bet)}
      className={`roulette-cell roulette-cell--outside ${className}`}
      onClick={() => onAdd(bet)}
      disabled={disabled}
    >
      {label}
      {chip(selection.get(betKey(bet))?.amount ?? 0)}
    </button>
  );
  return (
    <div className="roulette-board">
      <Tabs
        label={t('casino.roulette.bet_type')}
        items={BOARD_MODES.map((m) => ({ key: m, label: t(`casino.roulette.mode.${m}`) }))}
        active={mode}
        onSelect={(key) => {
          setMode(key);
          setSplitFrom(null);
        }}
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
            {chip(onCell(n))}
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
