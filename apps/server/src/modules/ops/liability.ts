import type { OpsBookEvent, OpsBookSort, OpsLiabilityBook, OpsMarketLiability } from '@sb/contract';
import type { LegResult } from '@sb/betting';
import { combinationsOf, payoutOf } from '../betting/index';
import type { BetRowOut, DeskRepository, EventInfoRow, LegRowOut } from './desk.repository';
import { marketNames, selectionNames } from './desk-names';
import { builderLegsView, type MarketNamer } from './ticker';

interface Acc {
  marketType: number;
  special: string;
  marketId: number | null;
  stakes: number;
  bets: Set<number>;
  selections: Map<number, SelectionAcc>;
}

/** A selection's exposure; `boosted`: the part of it taken at an odds boost's price (its own line on the desk). */
interface SelectionAcc {
  leg: LegRowOut;
  stakes: number;
  bets: Set<number>;
  payout: number;
  boosted: { odd: number; stakes: number; bets: Set<number>; payout: number } | null;
  /** Insured multiples: what they get back if this selection alone loses (`insurance` below). */
  insured: { bets: Set<number>; refund: number } | null;
}

/**
 * A profit-boosted bet's extra if it wins (the boost's rule: its percent of the winnings, floored, at most the cap):
 * part of what the book pays, so part of each of its selections' payout if it wins.
 */
const profitBoostIfWon = (bet: BetRowOut, payout: number) =>
  bet.rewardKind === 'profit_boost' && bet.rewardPercent !== null
    ? Math.min(
        bet.rewardAmount ?? 0,
        Math.floor((Math.max(0, payout - bet.totalStake) * bet.rewardPercent) / 100),
      )
    : 0;

/** An insured multiple's refund if one of its legs alone loses: its stake, at most the cap (the insurance's rule). */
const insuranceIfLost = (bet: BetRowOut) =>
  bet.rewardKind === 'acca_insurance' ? Math.min(bet.totalStake, bet.rewardAmount ?? 0) : 0;

/** Accumulates the open bets' legs on `eventId` per market and selection. */
function accumulate(eventId: number, bets: BetRowOut[], legsByBet: Map<number, LegRowOut[]>) {
  const markets = new Map<string, Acc>();
  for (const bet of bets) {
    const legs = legsByBet.get(bet.id) ?? [];
    const combos = combinationsOf(bet, legs);
    const won: LegResult[] = legs.map(() => 'win');
    const paidIfWon = payoutOf(bet, legs, won).payoutCents;
    const allWon = paidIfWon + profitBoostIfWon(bet, paidIfWon);
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
      const s: SelectionAcc = m.selections.get(leg.selectionId) ?? {
        leg,
        stakes: 0,
        bets: new Set(),
        payout: 0,
        boosted: null,
        insured: null,
      };
      m.selections.set(leg.selectionId, s);
      s.stakes += stake;
      s.bets.add(bet.id);
      s.payout += payout;
      if (leg.baseOddsThousandths !== null) {
        const b = (s.boosted ??= { odd: leg.oddsThousandths / 1000, stakes: 0, bets: new Set(), payout: 0 });
        b.stakes += stake;
        b.bets.add(bet.id);
        b.payout += payout;
      }
      const refund = insuranceIfLost(bet);
      if (refund > 0) {
        const x = (s.insured ??= { bets: new Set(), refund: 0 });
        if (!x.bets.has(bet.id)) x.refund += refund;
        x.bets.add(bet.id);
      }
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
export async function eventLiability(
  repo: DeskRepository,
  marketName: MarketNamer,
  eventId: number,
  brandId: number | null,
) {
  const bets = await repo.openBets(eventId, brandId);
  const legsByBet = groupLegs(await repo.legsOf(bets.map((b) => b.id)));
  const acc = accumulate(eventId, bets, legsByBet);
  const selectionIds = [...acc.values()].flatMap((m) => [...m.selections.keys()]);
  const current = new Map((await repo.selections(selectionIds)).map((s) => [s.id, s]));
  const markets: OpsMarketLiability[] = [...acc.values()].map((m) => {
    const selections = [...m.selections.values()].map((s) => ({
      selectionId: s.leg.selectionId,
      name: s.leg.selectionName,
      label: selectionNames(s.leg.outcome, s.leg.selectionName, s.leg.special),
      outcome: s.leg.outcome,
      odd: current.get(s.leg.selectionId)?.odd ?? null,
      stakes: s.stakes,
      bets: s.bets.size,
      payoutIfWins: s.payout,
      net: m.stakes - s.payout,
      builder: builderLegsView(s.leg, marketName),
      ...(s.boosted && {
        boosted: {
          odd: s.boosted.odd,
          bets: s.boosted.bets.size,
          stakes: s.boosted.stakes,
          payoutIfWins: s.boosted.payout,
        },
      }),
      ...(s.insured && { insured: { bets: s.insured.bets.size, refundIfLoses: s.insured.refund } }),
    }));
    const first = current.get(selections[0]?.selectionId ?? -1);
    return {
      marketId: m.marketId,
      marketType: m.marketType,
      special: m.special,
      name: marketNames(marketName, m.marketType, m.special),
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

/** What the liability book's list is narrowed to: a sport, a competition, a start-time window. */
export interface BookFilter {
  sportId?: number | undefined;
  competitionId?: number | undefined;
  /** Events starting at or after it, before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
  sort: OpsBookSort;
  limit: number;
}

const EVENT_ORDER: Record<OpsBookSort, (a: OpsBookEvent, b: OpsBookEvent) => number> = {
  worst: (a, b) => a.worstCase - b.worstCase || b.maxPayout - a.maxPayout,
  payout: (a, b) => b.maxPayout - a.maxPayout,
  stakes: (a, b) => b.stakes - a.stakes,
  bets: (a, b) => b.bets - a.bets,
  start: (a, b) => a.startAt.localeCompare(b.startAt),
};

interface Sum {
  bets: Set<number>;
  worstCase: number;
}

/** Stakes and payouts of a set of bets, each once. */
function totals(ids: Iterable<number>, bets: Map<number, { stake: number; maxPayout: number }>) {
  let count = 0;
  let stakes = 0;
  let maxPayout = 0;
  for (const id of ids) {
    const b = bets.get(id)!;
    count += 1;
    stakes += b.stake;
    maxPayout += b.maxPayout;
  }
  return { bets: count, stakes, maxPayout };
}

/**
 * The open book (`OpsLiabilityBook`: what each figure means is written in @sb/contract ops.ts): its events with the
 * worst case of each (their markets' worst outcomes, as the event's own liability sums them) and the payout if every
 * bet holding them wins, rolled up by sport, competition and client, narrowed by `filter`.
 */
export async function bookLiability(
  repo: DeskRepository,
  brandId: number | null,
  filter: BookFilter,
): Promise<OpsLiabilityBook> {
  const all = await repo.openBets(null, brandId);
  const legsByBet = groupLegs(await repo.legsOf(all.map((b) => b.id)));
  const info = await repo.eventsInfo([
    ...new Set([...legsByBet.values()].flatMap((legs) => legs.map((l) => l.eventId))),
  ]);
  const passes = (e: EventInfoRow | undefined): e is EventInfoRow =>
    e !== undefined &&
    (filter.sportId === undefined || e.sport.id === filter.sportId) &&
    (filter.competitionId === undefined || e.competition.id === filter.competitionId) &&
    (filter.from === undefined || e.startAt >= filter.from) &&
    (filter.to === undefined || e.startAt < filter.to);

  // Each bet's stake and its payout with every leg won; the events (passing the filter) each bet holds.
  const money = new Map<number, { stake: number; maxPayout: number }>();
  const holders = new Map<number, BetRowOut[]>();
  const inView: BetRowOut[] = [];
  for (const bet of all) {
    const legs = legsByBet.get(bet.id) ?? [];
    const maxPayout = payoutOf(
      bet,
      legs,
      legs.map((): LegResult => 'win'),
    ).payoutCents;
    money.set(bet.id, { stake: bet.totalStake, maxPayout });
    const events = new Set(legs.map((l) => l.eventId).filter((id) => passes(info.get(id))));
    if (events.size > 0) inView.push(bet);
    for (const id of events) holders.set(id, [...(holders.get(id) ?? []), bet]);
  }

  const events: OpsBookEvent[] = [...holders.entries()].map(([eventId, bets]) => {
    const e = info.get(eventId)!;
    let worstCase = 0;
    for (const m of accumulate(eventId, bets, legsByBet).values())
      worstCase += Math.min(0, ...[...m.selections.values()].map((s) => m.stakes - s.payout));
    return {
      eventId,
      event: `${e.home} - ${e.away}`,
      sport: e.sport,
      competition: e.competition,
      startAt: e.startAt.toISOString(),
      isLive: e.isLive,
      status: e.status,
      ...totals(
        bets.map((b) => b.id),
        money,
      ),
      worstCase,
    };
  });

  const sports = new Map<number, Sum & { ref: EventInfoRow['sport']; events: number }>();
  const competitions = new Map<
    number,
    Sum & { ref: EventInfoRow['competition']; sport: EventInfoRow['sport']; events: number }
  >();
  for (const ev of events) {
    const ids = (holders.get(ev.eventId) ?? []).map((b) => b.id);
    const s = sports.get(ev.sport.id) ?? { ref: ev.sport, events: 0, bets: new Set(), worstCase: 0 };
    const c = competitions.get(ev.competition.id) ?? {
      ref: ev.competition,
      sport: ev.sport,
      events: 0,
      bets: new Set(),
      worstCase: 0,
    };
    for (const g of [s, c]) {
      g.events += 1;
      g.worstCase += ev.worstCase;
      for (const id of ids) g.bets.add(id);
    }
    sports.set(ev.sport.id, s);
    competitions.set(ev.competition.id, c);
  }

  const clients = new Map<number, { bet: BetRowOut; ids: number[] }>();
  for (const bet of inView) {
    const c = clients.get(bet.userId) ?? { bet, ids: [] };
    c.ids.push(bet.id);
    clients.set(bet.userId, c);
  }

  const book = totals(
    inView.map((b) => b.id),
    money,
  );
  events.sort((a, b) => EVENT_ORDER[filter.sort](a, b) || a.eventId - b.eventId);
  const byWorst = <T extends { worstCase: number; maxPayout: number }>(a: T, b: T) =>
    a.worstCase - b.worstCase || b.maxPayout - a.maxPayout;
  return {
    book: { ...book, worstCase: book.stakes - book.maxPayout },
    eventCount: events.length,
    events: events.slice(0, filter.limit),
    sports: [...sports.values()]
      .map((s) => ({
        id: s.ref.id,
        name: s.ref.name,
        events: s.events,
        ...totals(s.bets, money),
        worstCase: s.worstCase,
      }))
      .sort(byWorst),
    competitions: [...competitions.values()]
      .map((c) => ({
        id: c.ref.id,
        name: c.ref.name,
        sport: c.sport,
        events: c.events,
        ...totals(c.bets, money),
        worstCase: c.worstCase,
      }))
      .sort(byWorst),
    clients: [...clients.values()]
      .map(({ bet, ids }) => {
        const t = totals(ids, money);
        return {
          id: bet.userId,
          username: bet.username,
          brand: { id: bet.appId, name: bet.brand },
          ...t,
          worstCase: t.stakes - t.maxPayout,
        };
      })
      .sort(byWorst)
      .slice(0, filter.limit),
  };
}
