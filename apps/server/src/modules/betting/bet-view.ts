import {
  betCombinations,
  betPayout,
  cents,
  COUPON_TYPE,
  type BetToPay,
  type LegResult,
  decimalOf,
} from '@sb/betting';
import { BET_STATUSES, type BetView, type Locale } from '@sb/contract';
import type { EventSummary } from '../sports/index';
import type { BetRow, LegRow } from './betting.repository';

const TYPE_NAMES = { 1: 'single', 2: 'multiple', 3: 'system' } as const;

export interface Currency {
  iso_code: string;
  symbol: string;
  position: 'before' | 'after';
}

/** The shape of a stored bet as `betPayout` reads it: system sizes and bankers. */
export function shapeOf(
  bet: Pick<BetRow, 'type' | 'systems'>,
  legs: readonly Pick<LegRow, 'banker'>[],
): Pick<BetToPay, 'systemK' | 'bankers'> {
  const systemK =
    bet.type === COUPON_TYPE.single ? 1 : bet.type === COUPON_TYPE.multiple ? legs.length : bet.systems;
  return { systemK, bankers: legs.flatMap((l, i) => (l.banker ? [i] : [])) };
}

/**
 * The combinations of a stored bet (leg indexes): `packages/betting`'s rule, the one settlement pays (and the back
 * office's ticker and liability count).
 */
export function combinationsOf(
  bet: Pick<BetRow, 'type' | 'systems'>,
  legs: readonly Pick<LegRow, 'banker' | 'eventId'>[],
): number[][] {
  const { systemK, bankers } = shapeOf(bet, legs);
  return betCombinations(legs, systemK, bankers);
}

/** A stored bet as `betPayout` pays it, with each leg's result (`results[i]`, in leg order). */
export function payoutOf(
  bet: Pick<BetRow, 'type' | 'systems' | 'stakePerBet'>,
  legs: Pick<LegRow, 'banker' | 'eventId' | 'oddsThousandths'>[],
  results: readonly LegResult[],
) {
  return betPayout({
    ...shapeOf(bet, legs),
    legs: legs.map((l, i) => ({
      odds: decimalOf(l.oddsThousandths),
      eventId: l.eventId,
      result: results[i]!,
    })),
    stakePerBetCents: bet.stakePerBet,
  });
}

/** Spec §3 "Bet" and "Bet item" of a stored bet, in a language. */
export function betView(
  bet: BetRow,
  legs: LegRow[],
  events: Map<number, EventSummary>,
  currency: Currency,
  marketName: (t: number, locale: Locale) => string,
  locale: Locale,
  /** Current results of bet builders' legs (selection id → result, null while open). */
  legResults: Map<number, string | null> = new Map(),
): BetView {
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
    // What the bet returns if every leg wins (the stake still in play after a partial cash-out).
    calculated_earnings: payoutOf(
      bet,
      legs,
      legs.map(() => 'win'),
    ).payoutCents,
    cashed_out: bet.cashedOut,
    reject_reason: bet.rejectReason,
    referral: bet.referral && {
      state: bet.referral,
      offer_amount: bet.offerStake,
      offer_earnings:
        bet.offerStake === null
          ? null
          : payoutOf(
              { ...bet, stakePerBet: cents(bet.offerStake / bet.combinations) },
              legs,
              legs.map(() => 'win'),
            ).payoutCents,
      expires_at: bet.referralDueAt?.toISOString() ?? null,
    },
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
        oddValue: decimalOf(leg.oddsThousandths),
        oddType: leg.marketType,
        ...(leg.builder
          ? {
              builder: leg.builder.legs.map((l) => ({
                selectionId: l.selectionId,
                name: marketName(l.marketType, locale),
                selection: l.name,
                result: legResults.get(l.selectionId) ?? null,
              })),
            }
          : {}),
      };
    }),
  };
}
