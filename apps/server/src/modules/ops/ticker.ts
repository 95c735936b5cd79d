import { combinationsReturn, decimalOf } from '@sb/betting';
import type { OpsBuilderLeg } from '@sb/contract';
import type { BetRowOut, DeskRepository, LegRowOut, TickerFilter } from './desk.repository';
import { marketNames, selectionNames } from './desk-names';
import type { EventBus } from '../../plugins/bus';
import { combinationsOf } from '../betting/index';

/** A market type's name in a language, as the player app names it. */
export type MarketNamer = (t: number, lang: 'en' | 'tr') => string;

/** The desk's short name of a coupon: S (single), E3 (a multiple of 3), Sy 2/4 (a system of 2 of 4). */
export function typeLabel(bet: Pick<BetRowOut, 'type' | 'systems'>, legCount: number): string {
  if (bet.type === 2) return `E${legCount}`;
  if (bet.type === 3) return `Sy ${bet.systems.join(',')}/${legCount}`;
  return 'S';
}

/** A bet builder leg's selections by name (both languages) with their results; null for any other leg. */
export function builderLegsView(
  leg: Pick<LegRowOut, 'builder'>,
  marketName: MarketNamer,
): OpsBuilderLeg[] | null {
  return (
    leg.builder?.map((b) => ({
      selectionId: b.selectionId,
      market: marketNames(marketName, b.marketType, b.special),
      selection: selectionNames(b.outcome, b.name, b.special),
      result: b.result,
    })) ?? null
  );
}

export function tickerView(bet: BetRowOut, legs: LegRowOut[], marketName: MarketNamer) {
  const odds = legs.map((l) => decimalOf(l.oddsThousandths));
  const potentialPayout = combinationsReturn(odds, combinationsOf(bet, legs), bet.stakePerBet);
  return {
    id: bet.id,
    brand: { id: bet.appId, name: bet.brand },
    client: { id: bet.userId, username: bet.username },
    type: typeLabel(bet, legs.length),
    status: bet.status,
    currency: bet.currency,
    stake: bet.totalStake,
    stakePerBet: bet.stakePerBet,
    combinations: bet.combinations,
    potentialPayout,
    /** What the book loses if every leg wins: the payout less the stake it keeps. */
    risk: potentialPayout - bet.totalStake,
    isLive: legs.some((l) => l.isLive),
    createdAt: bet.createdAt.toISOString(),
    selections: legs.map((l) => ({
      selectionId: l.selectionId,
      eventId: l.eventId,
      event: l.home !== null ? `${l.home} - ${l.away}` : String(l.eventId),
      sportId: l.sportId,
      marketId: l.marketId,
      marketType: l.marketType,
      special: l.special,
      outcome: l.outcome,
      name: l.selectionName,
      /** The market and the selection by name in both languages (with the market's line). */
      market: marketNames(marketName, l.marketType, l.special),
      selection: selectionNames(l.outcome, l.selectionName, l.special),
      startAt: l.startAt?.toISOString() ?? null,
      eventStatus: l.eventStatus,
      score: l.score,
      odds: decimalOf(l.oddsThousandths),
      isLive: l.isLive,
      banker: l.banker,
      result: l.result,
      builder: builderLegsView(l, marketName),
    })),
  };
}

export type TickerBet = ReturnType<typeof tickerView>;

export async function tickerBets(
  repo: DeskRepository,
  marketName: MarketNamer,
  filter: TickerFilter,
): Promise<TickerBet[]> {
  const bets = await repo.bets(filter);
  const legs = await repo.legsOf(bets.map((b) => b.id));
  const byBet = new Map<number, LegRowOut[]>();
  for (const l of legs) byBet.set(l.betId, [...(byBet.get(l.betId) ?? []), l]);
  return bets.map((b) => tickerView(b, byBet.get(b.id) ?? [], marketName));
}

/**
 * The live ticker: one poll of new bet ids per instance, fanned out to the operators connected to this instance,
 * each seeing only its brand. A poll runs when `wake` is called (the composition root calls it on a bus notice: a
 * bet placed or a referral moved on any instance) and every `intervalMs` as the safety net (a notice lost with a
 * Redis drop, a bet written by anything else). The notice carries nothing the ticker shows: every poll reads the
 * system of record after the last id it sent, so ordering, brand scoping and exactly-once delivery are the poll's.
 * Polls never overlap (two would send the same bets twice): a wake during a poll queues one more, however many come.
 */
export function createTickerPump(deps: {
  repo: DeskRepository;
  marketName: MarketNamer;
  intervalMs: number;
  /** Bets changed since the last poll (a referral decided, offered, expired): pushed again with their state. */
  changes?: () => Promise<TickerBet[]>;
  log?: (msg: string, err?: unknown) => void;
}) {
  const listeners = new Set<(bets: TickerBet[]) => void>();
  let last: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;

  /** Where the ticker starts, read when the first listener subscribes (see `subscribe`). */
  let baseline: Promise<void> = Promise.resolve();

  async function pollOnce() {
    await baseline;
    if (last === null) last = await deps.repo.maxBetId();
    const changed = (await deps.changes?.()) ?? [];
    if (changed.length) for (const l of listeners) l(changed);
    const fresh = await tickerBets(deps.repo, deps.marketName, { afterId: last, limit: 500 });
    if (fresh.length === 0) return;
    last = Math.max(last, ...fresh.map((b) => b.id));
    fresh.reverse(); // oldest first: a client prepends each one
    for (const l of listeners) l(fresh);
  }

  /** The poll running now, and the one queued behind it (a wake or a poll asked for while it ran). */
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  /** One poll after every one running now: started at once when none runs, else the single queued one. */
  function poll(): Promise<void> {
    if (!current) {
      current = pollOnce().finally(() => {
        current = null;
      });
      return current;
    }
    // Bets committed while this poll reads may be past its read: one more poll follows, shared by every caller.
    queued ??= current
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return poll();
      });
    return queued;
  }

  const logged = (p: Promise<void>) => p.catch((e: unknown) => deps.log?.('ticker poll failed', e));

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => void logged(poll()).finally(schedule), deps.intervalMs);
  }

  return {
    subscribe(listener: (bets: TickerBet[]) => void): () => void {
      listeners.add(listener);
      if (!running) {
        running = true;
        last = null;
        // The newest bet id is read now, not at the first poll: a bet placed between the subscription and that
        // poll was taken for one seen before and never sent.
        const start: Promise<void> = deps.repo.maxBetId().then(
          (id) => {
            // A start overtaken by a later one (every listener left and one came back) leaves it alone.
            if (baseline === start && last === null) last = id;
          },
          (e: unknown) => deps.log?.('ticker start failed', e),
        );
        baseline = start;
        schedule();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          running = false;
          if (timer) clearTimeout(timer);
        }
      };
    },
    /** Resolves once the ticker knows where it starts: every bet placed after that reaches the listeners. */
    ready: (): Promise<void> => baseline,
    /** A notice that bets may have changed: a poll now while an operator listens (coalesced, see `poll`). */
    wake(): void {
      if (running) void logged(poll());
    },
    /** One poll after any running now (tests). */
    poll,
    close() {
      running = false;
      listeners.clear();
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * What tells every instance's ticker pump to poll now: a notice on the bus (`ops.ticker`) for a committed bet
 * placement or referral move. The composition root hands it to betting; fire and forget (a notice lost is the
 * timer's to catch up).
 */
export function tickerNotice(bus: EventBus, log?: (msg: string, err?: unknown) => void) {
  return (betId: number): void => {
    bus.publish('ops.ticker', { betId }).catch((e: unknown) => log?.('ticker notice failed', e));
  };
}
