import type { OpsMarketLiability } from '@sb/contract';
import type { LegResult } from '@sb/betting';
import { payoutOf } from '../betting/index';
import type { BetRowOut, DeskRepository, LegRowOut } from './desk.repository';
import { combosOf } from './ticker';

interface Acc {
  marketType: number;
  special: string;
  marketId: number | null;
  stakes: number;
  bets: Set<number>;
  selections: Map<number, { leg: LegRowOut; stakes: number; bets: Set<number>; payout: number }>;
}

/** Accumulates the open bets' legs on `eventId` per market and selection. */
function accumulate(eventId: number, bets: BetRowOut[], legsByBet: Map<number, LegRowOut[]>) {
  const markets = new Map<string, Acc>();
  for (const bet of bets) {
    const legs = legsByBet.get(bet.id) ?? [];
    const combos = combosOf(bet, legs);
    const won: LegResult[] = legs.map(() => 'win');
    const allWon = payoutOf(bet, legs, won).payoutCents;
    legs.forEach((leg, i) => {
      if (leg.eventId !== eventId) return;
      const holding = combos.filter((c) => c.includes(i));
      if (holding.length === 0) return;
      const key = leg.marketId !== null ? `m${leg.marketId}` : `t${leg.marketType}:${leg.special}`;
      const m: Acc = markets.get(key) ?? {
        marketType: leg.marketType,
        special: leg.special,
        marketId: leg.marketId,
        stakes: 0,
        bets: new Set(),
        selections: new Map(),
      };
      markets.set(key, m);
      const stake = holding.length * bet.stakePerBet;
      // What this leg's winning changes in money: the whole bet's payout with it won, less with it lost, every
      // other leg won — settlement's own rule (`betPayout`), each floored once to the minor unit as it pays.
      const lost = won.map((r, j) => (j === i ? 'loss' : r));
      const payout = allWon - payoutOf(bet, legs, lost).payoutCents;
      const s = m.selections.get(leg.selectionId) ?? { leg, stakes: 0, bets: new Set(), payout: 0 };
      m.selections.set(leg.selectionId, s);
      s.stakes += stake;
      s.bets.add(bet.id);
      s.payout += payout;
      // A bet counts its stake on a market once, even with two legs there (a system over two lines).
      if (!m.bets.has(bet.id)) m.stakes += stake;
      m.bets.add(bet.id);
    });
  }
  return markets;
}

function groupLegs(legs: LegRowOut[]) {
  const byBet = new Map<number, LegRowOut[]>();
  for (const l of legs) byBet.set(l.betId, [...(byBet.get(l.betId) ?? []), l]);
  return byBet;
}

/** An event's liability (`OpsEventLiability`: what each field means is written in @sb/contract ops.ts). */
export async function eventLiability(repo: DeskRepository, eventId: number, brandId: number | null) {
  const bets = await repo.openBets(eventId, brandId);
  const legsByBet = groupLegs(await repo.legsOf(bets.map((b) => b.id)));
  const acc = accumulate(eventId, bets, legsByBet);
  const selectionIds = [...acc.values()].flatMap((m) => [...m.selections.keys()]);
  const current = new Map((await repo.selections(selectionIds)).map((s) => [s.id, s]));
  const markets: OpsMarketLiability[] = [...acc.values()].map((m) => {
    const selections = [...m.selections.values()].map((s) => ({
      selectionId: s.leg.selectionId,
      name: s.leg.selectionName,
      outcome: s.leg.outcome,
      odd: current.get(s.leg.selectionId)?.odd ?? null,
      stakes: s.stakes,
      bets: s.bets.size,
      payoutIfWins: s.payout,
      net: m.stakes - s.payout,
    }));
    const first = current.get(selections[0]?.selectionId ?? -1);
    return {
      marketId: m.marketId,
      marketType: m.marketType,
      special: m.special,
      suspended: first?.operatorSuspended ?? null,
      disabled: first?.disabled ?? false,
      stakes: m.stakes,
      bets: m.bets.size,
      worstNet: Math.min(0, ...selections.map((s) => s.net)),
      selections,
    };
  });
  markets.sort((a, b) => a.worstNet - b.worstNet);
  const first = bets.flatMap((b) => legsByBet.get(b.id) ?? []).find((l) => l.eventId === eventId);
  return {
    eventId,
    event: first?.home != null ? `${first.home} - ${first.away}` : null,
    sportId: first?.sportId ?? null,
    bets: bets.length,
    stakes: markets.reduce((t, m) => t + m.stakes, 0),
    netRisk: markets.reduce((t, m) => t + m.worstNet, 0),
    markets,
  };
}

/** Every event with open bets, most exposed first. */
export async function matchesLiability(repo: DeskRepository, brandId: number | null, limit: number) {
  const bets = await repo.openBets(null, brandId);
  const legs = await repo.legsOf(bets.map((b) => b.id));
  const legsByBet = groupLegs(legs);
  const events = new Map<number, LegRowOut>();
  for (const l of legs) if (!events.has(l.eventId)) events.set(l.eventId, l);
  const list = [...events.entries()].map(([eventId, leg]) => {
    const holding = bets.filter((b) => legsByBet.get(b.id)?.some((l) => l.eventId === eventId));
    const acc = accumulate(eventId, holding, legsByBet);
    let netRisk = 0;
    let stakes = 0;
    for (const m of acc.values()) {
      stakes += m.stakes;
      netRisk += Math.min(0, ...[...m.selections.values()].map((s) => m.stakes - s.payout));
    }
    return {
      eventId,
      event: leg.home != null ? `${leg.home} - ${leg.away}` : String(eventId),
      sportId: leg.sportId,
      isLive: leg.isLive,
      bets: holding.length,
      stakes,
      netRisk,
    };
  });
  list.sort((a, b) => a.netRisk - b.netRisk || b.stakes - a.stakes);
  return list.slice(0, limit);
}
