import type { CouponType } from '@sb/betting';
import type { BetView } from '@sb/contract';
import type { SlipEntry } from '@/lib/slip-store';

/**
 * A placed bet's selections as slip entries (spec §4 "Reusing a bet replaces the slip"). The odds are those
 * the bet was placed at: the slip's first check brings the current ones (with their arrows). What a bet item
 * does not carry (market id, sport/region/competition ids) is 0; the slip reads those from the event list.
 */
export function slipEntriesOf(bet: BetView): SlipEntry[] {
  return bet.items.map((item) => ({
    eventId: item.mid,
    oddId: item.selectionId,
    name: item.name,
    outCome: item.selection,
    odd: item.oddValue,
    oddType: item.oddType,
    exc: 0,
    specialValue: item.specialValue,
    match: {
      home: item.fcName,
      away: item.scName,
      competition: item.competition,
      sportId: 0,
      regionId: 0,
      competitionId: 0,
      startDate: item.matchStartDate,
    },
    live: item.matchOnLive,
    active: true,
    checked: true,
    banker: item.banker,
    maxStake: null,
  }));
}

/** The coupon a bet was placed with. */
export const couponOfBet = (bet: BetView) => ({
  type: bet.type.id as CouponType,
  systems: bet.type.id === 3 ? [...bet.systems] : [],
});
