import {
  cents,
  type Cents,
  bankersStand,
  COUPON_TYPE,
  couponCombinations,
  DEFAULT_PAYOUT_CAP,
  hasSameEvent,
  maxStakeForPayout,
  oddsAboveMax,
  oddsOf,
  possibleEarnings,
  type PayoutCap,
  SLIP_LIMITS,
  systemOptions,
  type Coupon,
} from '@sb/betting';
import type { OddsChangePolicy, SlipRequest } from '@sb/contract';
import { HttpError } from '../../plugins/errors';
import type { SelectionContext } from '../sports/index';

/** The least a combination may stake, in minor units, unless an event asks for more. */
export const MIN_STAKE_PER_BET = 100;

export interface SlipIssue {
  code: string;
  message: string;
  field?: string;
  value?: number;
  /** A stake error's limit by name (client, market, event, sport, brand, platform): the one that decided. */
  limit?: string;
  /** The client's stake factor when it is not 1 (the limit was multiplied by it). */
  stakeFactor?: number;
}

export interface SlipCheck {
  /** Per selection (by oddId): the odd it can be accepted at now, its max stake and why not if it cannot. */
  legs: {
    oddId: number;
    eventId: number;
    odd: number;
    maxStake: number;
    limit: string | undefined;
    status: string;
    accepted: number | null;
  }[];
  perBet: Record<string, SlipIssue>;
  general: SlipIssue[];
  combinations: number[][];
  stakePerBet: Cents;
  /** Largest total stake accepted now. */
  maxStake: number;
  earnings: { min: number; max: number };
}

const MESSAGES: Record<string, string> = {
  not_found: 'this selection does not exist',
  event_ended: 'the event is over',
  closed: 'the market is closed or this outcome is already decided',
  suspended: 'betting on this market is suspended for now',
  odd_too_low: 'odds of 1.00 cannot be bet',
  producer_down: 'live odds are not being updated right now',
  odd_changed: 'the odds have changed',
  duplicate: 'this selection is on the slip twice',
  live_blocked: 'live betting is not available on this account',
};

/** Whether the current odd may replace the one the player saw, under their odds-change policy. */
export function acceptsOdd(policy: OddsChangePolicy, seen: number, current: number): boolean {
  const a = oddsOf(seen);
  const b = oddsOf(current);
  return a === b || policy === 'any' || (policy === 'higher' && b > a);
}

/**
 * Everything that decides whether a slip can be placed as asked, from the selections' current state: each
 * selection's availability and accepted odd (odds-change policy), the coupon's combinations (type, systems,
 * bankers, same-event rules), the stake split and its limits, the brand's maximum payout and combined odds
 * (`cap`: exact integer arithmetic, so no slip, however long its odds, fails with anything but an error). Pure: the caller reads the state (in its
 * transaction) and acts on the answer.
 */
export function checkSlip(
  request: SlipRequest,
  selections: Map<number, SelectionContext>,
  policy: OddsChangePolicy,
  stakeFactor?: number,
  cap: PayoutCap = DEFAULT_PAYOUT_CAP,
): SlipCheck {
  const perBet: Record<string, SlipIssue> = {};
  const general: SlipIssue[] = [];
  const seenIds = new Set<number>();
  const legs = request.bets.map((item) => {
    const s = selections.get(item.oddId);
    const status = !s
      ? 'not_found'
      : seenIds.has(item.oddId)
        ? 'duplicate'
        : s.eventId !== item.eventId
          ? 'not_found'
          : s.state !== 'ok'
            ? s.state
            : acceptsOdd(policy, item.odd, s.odd)
              ? 'ok'
              : 'odd_changed';
    seenIds.add(item.oddId);
    if (status !== 'ok')
      perBet[String(item.oddId)] = { code: status, message: MESSAGES[status] ?? status, value: s?.odd };
    return {
      oddId: item.oddId,
      eventId: item.eventId,
      odd: s?.odd ?? item.odd,
      maxStake: s?.maxStake ?? 0,
      limit: s?.limit,
      status,
      accepted: status === 'ok' ? (s?.odd ?? null) : null,
    };
  });

  const picks = request.bets.map((b) => ({ eventId: b.eventId, banker: b.banker }));
  const coupon: Coupon = {
    type: request.type,
    systems: request.type === COUPON_TYPE.system ? request.systems : [],
  };
  const typeIssue = couponIssue(coupon, picks, request);
  if (typeIssue) general.push(typeIssue);
  const combinations = typeIssue ? [] : couponCombinations(coupon, picks);

  const count = combinations.length;
  const stakePerBet = cents(count > 0 ? Math.floor(request.amount / count) : 0);
  if (count > 0 && stakePerBet * count !== request.amount)
    general.push({
      code: 'amount_split',
      field: 'amount',
      message: `the stake must split evenly over ${count} bets (a multiple of ${count} minor units)`,
    });
  // A combination stakes at most the smallest max stake of its legs (the liability of its riskiest price, or
  // the strictest operator limit: the leg that decides names it).
  const strictest = combinations
    .flat()
    .reduce<number | null>(
      (best, i) => (best === null || legs[i]!.maxStake < legs[best]!.maxStake ? i : best),
      null,
    );
  let perBetMax = strictest === null ? 0 : legs[strictest]!.maxStake;
  let limit = strictest === null ? undefined : legs[strictest]!.limit;
  const odds = legs.map((l) => l.odd);
  // The maximum payout bounds every bet: the stake per combination that reaches it is the most it may take.
  if (count > 0) {
    const byPayout = maxStakeForPayout(odds, combinations, cap.maxPayoutCents);
    if (byPayout < perBetMax) [perBetMax, limit] = [byPayout, 'payout'];
    if (oddsAboveMax(odds, combinations, cap.maxOddsThousandths)) {
      // No stake can place it.
      [perBetMax, limit] = [0, 'odds'];
      general.push({
        code: 'odds_above_max',
        field: 'bets',
        message: `a bet's combined odds may not be above ${(cap.maxOddsThousandths / 1000).toFixed(2)}`,
        value: cap.maxOddsThousandths / 1000,
      });
    }
  }
  const minStake = Math.max(
    MIN_STAKE_PER_BET,
    ...request.bets.map((b) => selections.get(b.oddId)?.minBetLimit ?? 0),
  );
  if (count > 0 && stakePerBet > perBetMax)
    general.push({
      code: 'stake_above_max',
      field: 'amount',
      message:
        limit === 'payout'
          ? 'the bet would pay more than the maximum payout: lower the stake'
          : 'the stake is above the maximum',
      value: perBetMax * count,
      ...(limit ? { limit } : {}),
      ...(stakeFactor !== undefined && stakeFactor !== 1 ? { stakeFactor } : {}),
    });
  if (count > 0 && stakePerBet < minStake)
    general.push({
      code: 'stake_below_min',
      field: 'amount',
      message: 'the stake is below the minimum',
      value: minStake * count,
    });
  const earnings =
    count > 0 && stakePerBet > 0
      ? possibleEarnings(odds, combinations, stakePerBet, cap.maxPayoutCents)
      : { min: 0, max: 0 };
  return { legs, perBet, general, combinations, stakePerBet, maxStake: perBetMax * count, earnings };
}

function couponIssue(
  coupon: Coupon,
  picks: { eventId: number; banker: boolean }[],
  request: SlipRequest,
): SlipIssue | null {
  const bankersOk = bankersStand(coupon, picks);
  if (request.type === COUPON_TYPE.single) {
    return !bankersOk
      ? { code: 'banker_not_allowed', field: 'bets', message: 'bankers are only for system bets' }
      : null;
  }
  if (hasSameEvent(picks) && request.type === COUPON_TYPE.multiple)
    return {
      code: 'same_event',
      field: 'bets',
      message: 'a multiple cannot hold two selections of one event',
    };
  if (request.type === COUPON_TYPE.multiple) {
    if (picks.length < 2)
      return { code: 'type', field: 'type', message: 'a multiple needs two selections or more' };
    return !bankersOk
      ? { code: 'banker_not_allowed', field: 'bets', message: 'bankers are only for system bets' }
      : null;
  }
  if (picks.length > SLIP_LIMITS.systemSelections)
    return { code: 'system_too_large', field: 'bets', message: 'a system takes at most 10 selections' };
  if (!bankersOk)
    return {
      code: 'banker_not_allowed',
      field: 'bets',
      message: 'bankers need more than 3 other selections, all of different events',
    };
  const offered = new Set(systemOptions(picks).map((o) => o.k));
  if (coupon.systems.length === 0 || coupon.systems.some((k) => !offered.has(k)))
    return { code: 'systems', field: 'systems', message: 'choose system sizes this slip offers' };
  return null;
}

/** A slip that cannot be placed as asked: 400 `bet_error` with the per-selection errors and current odds. */
export function betError(check: SlipCheck): HttpError {
  const first = check.general[0] ?? Object.values(check.perBet)[0];
  return new HttpError(
    400,
    'bet_error',
    first?.message ?? 'the bet cannot be placed',
    first && 'field' in first ? first.field : undefined,
    undefined,
    {
      errors: { bets: check.perBet, general: check.general },
      bets: checkedSelections(check),
      maxStake: check.maxStake,
    },
  );
}

export const checkedSelections = (check: SlipCheck) =>
  check.legs.map((l) => ({
    entity: { id: l.oddId, playable_max_stake: l.maxStake },
    eventId: l.eventId,
    value: l.odd,
    status: l.status,
  }));
