import type { Bonus } from '@sb/contract';
import type { SlipEntry } from '@/lib/slip-store';

/** A slip entry of event `1000 + oddId` (pass eventId to put two on one event). */
export function entry(oddId: number, over: Partial<SlipEntry> = {}): SlipEntry {
  return {
    eventId: 1000 + oddId,
    oddId,
    name: 'Match Result',
    outCome: `Home ${oddId}`,
    odd: 2,
    oddType: 1,
    exc: oddId * 10,
    specialValue: '',
    match: {
      home: `Home ${oddId}`,
      away: `Away ${oddId}`,
      competition: 'League',
      sportId: 1,
      regionId: 2,
      competitionId: 3,
      startDate: '2026-11-22T18:00:00.000Z',
    },
    live: false,
    active: true,
    checked: true,
    banker: false,
    maxStake: null,
    ...over,
  };
}

/** The client's odds-boost reward (issue 36) on selection 1 at 2.50, 50.00 of stakes in all, 30.00 left. */
export const boostReward = (over: Partial<Bonus> = {}): Bonus => ({
  id: 41,
  kind: 'odds_boost',
  amount: 5_000,
  currency: 'TRY',
  minOdds: 1,
  expiresAt: '2099-01-01T00:00:00Z',
  status: 'available',
  betId: null,
  paid: 0,
  campaign: 'Derby boost',
  terms: { product: 'sport', oddId: 1, boostedOdd: 2.5, maxStake: 5_000, expiresInDays: 7 },
  remainingStake: 3_000,
  ...over,
});
