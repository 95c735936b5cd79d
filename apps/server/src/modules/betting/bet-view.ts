import { combinationsReturn, couponCombinations, type Coupon, type CouponType } from '@sb/betting';
import { BET_STATUSES, type BetView, type Locale } from '@sb/contract';
import type { EventSummary } from '../fixtures/index';
import type { BetRow, LegRow } from './betting.repository';

const TYPE_NAMES = { 1: 'single', 2: 'multiple', 3: 'system' } as const;

export interface Currency {
  iso_code: string;
  symbol: string;
  position: 'before' | 'after';
}

/** The coupon and picks a stored bet was placed with. */
export function couponOf(
  bet: BetRow,
  legs: LegRow[],
): { coupon: Coupon; picks: { eventId: number; banker: boolean }[] } {
  return {
    coupon: { type: bet.type as CouponType, systems: bet.systems },
    picks: legs.map((l) => ({ eventId: l.eventId, banker: l.banker })),
  };
}

/** The combinations of a stored bet (leg indexes). */
export function combinationsOf(bet: BetRow, legs: LegRow[]): number[][] {
  const { coupon, picks } = couponOf(bet, legs);
  return couponCombinations(coupon, picks);
}

/** Spec §3 "Bet" and "Bet item" of a stored bet, in a language. */
export function betView(
  bet: BetRow,
  legs: LegRow[],
  events: Map<number, EventSummary>,
  currency: Currency,
  marketName: (t: number, locale: Locale) => string,
  locale: Locale,
): BetView {
  const combos = combinationsOf(bet, legs);
  const odds = legs.map((l) => l.oddsThousandths / 1000);
  const status = BET_STATUSES.find((s) => s.key === bet.status)!;
  return {
    id: bet.id,
    type: { id: bet.type, name: TYPE_NAMES[bet.type as 1 | 2 | 3] },
    odd_count: legs.length,
    bet_count: bet.combinations,
    combinations: bet.combinations,
    systems: bet.systems,
    created_at: bet.createdAt.toISOString(),
    status: status.id,
    result: { key: bet.status },
    amount: bet.totalStake,
    amount_per_bet: bet.stakePerBet,
    currency,
    earnings: bet.paid,
    calculated_earnings: combinationsReturn(odds, combos, bet.stakePerBet),
    cashed_out: bet.cashedOut,
    reject_reason: bet.rejectReason,
    items: legs.map((leg) => {
      const e = events.get(leg.eventId);
      const score = e?.score ?? { home: 0, away: 0 };
      return {
        name: marketName(leg.marketType, locale),
        selection: leg.selectionName,
        selectionId: leg.selectionId,
        specialValue: leg.special,
        fcName: e?.home ?? '',
        scName: e?.away ?? '',
        competition: e?.competition ?? '',
        mid: leg.eventId,
        matchStartDate: e?.startDate ?? '',
        matchOnLive: e?.isLive ?? false,
        matchPeriodTime: e?.periodTime ?? 0,
        mData: { score },
        matchStats: { status: e?.phase ?? '' },
        betData: { score },
        isLive: leg.isLive,
        banker: leg.banker,
        oddResult: leg.result,
        oddValue: leg.oddsThousandths / 1000,
        oddType: leg.marketType,
      };
    }),
  };
}
