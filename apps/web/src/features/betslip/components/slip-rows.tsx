import type { Currency, FixtureEvent } from '@sb/contract';
import { removeSelection, type SlipEntry } from '@/lib/slip-store';
import type { SlipErrors } from '../bet-errors';
import { toggleSlipBanker } from '../coupon-store';
import { SlipRow } from './slip-row';

/** The banker toggle's two shown states, one object each: an unchanged row keeps its props (memoised rows). */
const BANKER_CAN_SET = { canSet: true } as const;
const BANKER_FULL = { canSet: false } as const;

export interface SlipRowsProps {
  bets: readonly SlipEntry[];
  /** System type numbers the rows (the combinations list names rows by it). */
  numbered: boolean;
  events: ReadonlyMap<number, FixtureEvent> | undefined;
  perBet: SlipErrors['perBet'];
  held: ReadonlySet<number>;
  currency: Pick<Currency, 'symbol' | 'position'>;
  /** Bankers allowed on this coupon (the toggle shows), and whether one more may be set now. */
  canBanker: boolean;
  canAdd: boolean;
}

/** The slip's selections, one row each, in the order they were picked. */
export function SlipRows({
  bets,
  numbered,
  events,
  perBet,
  held,
  currency,
  canBanker,
  canAdd,
}: SlipRowsProps) {
  return (
    <ol className="slip-rows">
      {bets.map((entry, index) => (
        <SlipRow
          key={entry.oddId}
          number={numbered ? index + 1 : null}
          entry={entry}
          event={events?.get(entry.eventId)}
          error={perBet[entry.oddId]}
          held={held.has(entry.oddId)}
          sameMatch={bets.some((b) => b.eventId === entry.eventId && b.oddId !== entry.oddId)}
          currency={currency}
          banker={canBanker ? (canAdd ? BANKER_CAN_SET : BANKER_FULL) : null}
          onRemove={removeSelection}
          onBanker={toggleSlipBanker}
        />
      ))}
    </ol>
  );
}
