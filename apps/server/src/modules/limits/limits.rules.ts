import { LIMIT_PERIODS, LIMIT_TYPES, type Limit, type LimitPeriod, type LimitType } from '@sb/contract';
import type { LimitRow } from './limits.repository';

/** A raise (or removal) of a limit waits this long; a lowering applies at once. */
export const RAISE_DELAY_MS = 24 * 3600_000;

export interface LimitState {
  type: LimitType;
  period: LimitPeriod;
  amount: number | null;
  pendingAmount: number | null;
  pendingFrom: number | null;
}

/** The limit as it stands at `now`: a pending raise whose time has come is applied. */
export function effective(row: LimitState, now: number): LimitState {
  if (row.pendingFrom !== null && row.pendingFrom <= now) {
    return { ...row, amount: row.pendingAmount, pendingAmount: null, pendingFrom: null };
  }
  return row;
}

/** null (no limit) is looser than any amount. */
const looser = (a: number | null, b: number | null) => (a === null ? b !== null : b !== null && a > b);

/** Applies a requested change: tighter or equal takes effect now, looser waits RAISE_DELAY_MS. */
export function change(current: LimitState, wanted: number | null, now: number): LimitState {
  const state = effective(current, now);
  if (looser(wanted, state.amount))
    return { ...state, pendingAmount: wanted, pendingFrom: now + RAISE_DELAY_MS };
  return { ...state, amount: wanted, pendingAmount: null, pendingFrom: null };
}

/** All six type×period limits, unset ones as "no limit". */
export function allLimits(rows: LimitRow[], now: number): LimitState[] {
  const states: LimitState[] = [];
  for (const type of LIMIT_TYPES) {
    for (const period of LIMIT_PERIODS) {
      const row = rows.find((r) => r.type === type && r.period === period);
      const state: LimitState = row
        ? {
            type,
            period,
            amount: row.amount,
            pendingAmount: row.pendingAmount,
            pendingFrom: row.pendingFrom?.getTime() ?? null,
          }
        : { type, period, amount: null, pendingAmount: null, pendingFrom: null };
      states.push(effective(state, now));
    }
  }
  return states;
}

export function toContract(state: LimitState): Limit {
  return {
    type: state.type,
    period: state.period,
    amount: state.amount,
    pendingAmount: state.pendingAmount,
    pendingFrom: state.pendingFrom === null ? null : new Date(state.pendingFrom).toISOString(),
  };
}

/** Adds calendar months in UTC (self-exclusion lengths are in months). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}
