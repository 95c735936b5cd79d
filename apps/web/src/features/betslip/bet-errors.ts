import { oddDirection } from '@sb/betting';
import type { CheckBetsResponse } from '@sb/contract';
import { BET_ERROR_CODES } from '@sb/contract/constants';
import type { SlipEntry } from '@/lib/slip-store';

/** One error the slip shows: a code (translated as `betslip.error.<code>`) and an amount when it has one. */
export interface SlipError {
  code: string;
  /** Minor units for stake errors (the max or min allowed). */
  value?: number;
}

/** The slip's errors: per selection (by oddId) and for the whole bet (spec §5: per selection and a list). */
export interface SlipErrors {
  perBet: Record<number, SlipError>;
  general: SlipError[];
}

export const NO_ERRORS: SlipErrors = { perBet: {}, general: [] };

/** The parts of a checkBets answer, or of a betPlace `bet_error` body, that the slip reads. */
export type BetErrorBody = Partial<Pick<CheckBetsResponse, 'bets' | 'errors' | 'maxStake'>> & {
  error?: string | null;
};

/**
 * The slip's errors from a server answer (checkBets, or betPlace's `bet_error`). Per-selection values are
 * odds, not amounts, so only the code is kept for them; stake errors keep their limit.
 */
export function slipErrorsOf(body: BetErrorBody): SlipErrors {
  const perBet: Record<number, SlipError> = {};
  for (const [oddId, issue] of Object.entries(body.errors?.bets ?? {}))
    perBet[Number(oddId)] = { code: issue.code };
  const general = (body.errors?.general ?? []).map((g) =>
    g.value === undefined ? { code: g.code } : { code: g.code, value: g.value },
  );
  return { perBet, general };
}

export const hasErrors = (errors: SlipErrors): boolean =>
  errors.general.length > 0 || Object.keys(errors.perBet).length > 0;

/**
 * The errors the slip shows. The last placement's answer speaks for the whole bet (its general list wins), but
 * the checks go on after it: a selection suspended or ended since (a live bet rejected after its delay) still
 * shows on its row, unless the placement named that row itself. `local` errors (found before asking the server)
 * come first.
 */
export function shownErrors(
  placement: SlipErrors,
  check: SlipErrors,
  local: SlipErrors = NO_ERRORS,
): SlipErrors {
  const general = [local.general, placement.general, check.general].find((list) => list.length > 0) ?? [];
  return { perBet: { ...check.perBet, ...placement.perBet, ...local.perBet }, general };
}

/** Selection errors that mean it cannot be bet now (spec §4 selection activity: shown with a padlock). */
const LOCKING_CODES = new Set([
  'not_found',
  'event_ended',
  'closed',
  'suspended',
  'odd_too_low',
  'producer_down',
]);

export const locksSelection = (error: SlipError | undefined): boolean =>
  error !== undefined && LOCKING_CODES.has(error.code);

/** An odd that moved: which way, for the 2 s arrow. */
export interface OddMove {
  oddId: number;
  direction: 'up' | 'down';
}

/**
 * The slip after a server answer (spec §5: server bet errors update the slip's odds and max stake): every
 * selection the server reported gets its current odd and playable max stake. Returns the same array when
 * nothing changed, so callers can skip the store update.
 */
export function applyServerSelections(
  bets: readonly SlipEntry[],
  checked: BetErrorBody['bets'],
): { bets: readonly SlipEntry[]; moves: OddMove[] } {
  const byId = new Map((checked ?? []).map((c) => [c.entity.id, c]));
  const moves: OddMove[] = [];
  let changed = false;
  const next = bets.map((b) => {
    const c = byId.get(b.oddId);
    if (!c) return b;
    const odd = c.value > 1 ? c.value : b.odd;
    const maxStake = c.entity.playable_max_stake;
    if (odd === b.odd && maxStake === b.maxStake) return b;
    changed = true;
    const direction = oddDirection(b.odd, odd);
    if (direction) moves.push({ oddId: b.oddId, direction });
    return { ...b, odd, maxStake };
  });
  return { bets: changed ? next : bets, moves };
}

/** Error codes with a text of their own: the selection codes of the contract and the whole bet's. */
const KNOWN_CODES = new Set<string>([
  ...BET_ERROR_CODES,
  'amount_split',
  'insufficient_funds',
  'banker_not_allowed',
  'systems',
  'system_too_large',
  'type',
  'timed_out',
  'self_excluded',
  'account_blocked',
  'stake_limit_exceeded',
  'loss_limit_exceeded',
  'rate_limited',
  'rejected',
  // A free bet's refusals (issue 36).
  'bonus_unavailable',
  'bonus_expired',
  'bonus_amount',
  'bonus_bet_type',
  'bonus_min_odds',
  'bonus_live',
  'bonus_sport',
  // An odds boost's (the slip names them so when it takes one: odds-boost/slip-boost.ts).
  'boost_unavailable',
  'boost_expired',
  'boost_bet_type',
  'boost_selection',
  'boost_max_stake',
  // An acca insurance's or a profit boost's (cash-reward/slip-cash-reward.ts).
  'reward_unavailable',
  'reward_expired',
  'reward_bet_type',
  'reward_min_legs',
  'reward_min_odds',
  'reward_live',
  'reward_sport',
]);

/** The translation key of an error code. */
export const errorKey = (code: string): string => `betslip.error.${KNOWN_CODES.has(code) ? code : 'generic'}`;
