import type { MarketUpdate } from '@sb/contract';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../plugins/bus';
import {
  type EventRecord,
  fairColumns,
  marketOpen,
  type MarketRecord,
  type MarketUpdateRow,
  type MatchFacts,
  type MatchState,
  maxStakeFor,
  type Pricer,
  type PricingEvent,
  type SelectionRecord,
  type SelectionUpdate,
  settleEvent,
  type SimulatorRepository,
} from '../../sports/index';
import type { SimState } from './sim-state';

type Grouped = { market: MarketRecord; selections: SelectionRecord[] }[];
type FeedMarket = MarketUpdate['markets'][number];

function group(rows: { market: MarketRecord; selection: SelectionRecord }[]): Grouped {
  const out: Grouped = [];
  for (const { market, selection } of rows) {
    const last = out[out.length - 1];
    if (last && last.market.id === market.id) last.selections.push(selection);
    else out.push({ market, selections: [selection] });
  }
  return out;
}

export function factsOf(match: MatchState): MatchFacts {
  return match.kind === 'football'
    ? { kind: 'football', football: match.football.facts }
    : { kind: 'period', period: match.period.facts };
}

const feedMarket = (
  m: MarketRecord,
  sels: {
    id: number;
    outcome: string;
    odd: number;
    isClosed: boolean;
    isDisabled: boolean;
    result?: string | null;
  }[],
  disabled: boolean,
  closed: boolean,
): FeedMarket => ({
  id: m.id,
  t: m.t,
  s: m.s,
  disabled,
  selections: sels.map((s) => ({
    id: s.id,
    outcome: s.outcome,
    odd: s.odd,
    isDisabled: disabled || s.isDisabled,
    isClosed: closed || s.isClosed,
    ...(s.result ? { result: s.result } : {}),
  })),
});

/** Writes market changes of live events (suspend, reprice, close decided, settle) and publishes them. */
export function createMarketWriter(deps: {
  repo: SimulatorRepository;
  bus: EventBus;
  clock: Clock;
  pricer: Pricer;
}) {
  const { repo, bus, clock } = deps;

  async function publish(eventId: number, list: FeedMarket[]): Promise<void> {
    if (list.length > 0)
      await bus.publish('fixture.markets', {
        type: 'market_update',
        eventId,
        markets: list,
        ts: clock.now(),
      });
  }

  return {
    async suspend(event: EventRecord, announce: boolean): Promise<void> {
      await repo.setAllDisabled(event.id, true);
      if (!announce) return;
      const open = group(await repo.marketsWithSelections(event.id)).filter((g) => !g.market.closed);
      await publish(
        event.id,
        open.map((g) => feedMarket(g.market, g.selections, true, false)),
      );
    },

    /**
     * Re-prices from the live state. Each outcome follows its priced status: decided → closed with its result
     * at once (the rest of the market may stay open), suspended (outside the price band) → disabled, open →
     * the new odd. A market whose outcomes are all decided closes and is resolved; provider rules apply.
     */
    async reprice(
      event: EventRecord,
      pricing: PricingEvent,
      sim: SimState,
      announce: boolean,
    ): Promise<void> {
      const grouped = group(await repo.marketsWithSelections(event.id));
      const priced = await deps.pricer.price(pricing, sim.match);
      const live = event.status === 'live';
      const selUpdates: SelectionUpdate[] = [];
      const mktUpdates: MarketUpdateRow[] = [];
      const changed: FeedMarket[] = [];
      grouped.forEach(({ market, selections }) => {
        const p = priced[market.order];
        if (!p || p.t !== market.t || p.s !== market.s || market.resolved) return;
        const closed = p.decided || !marketOpen(market.t, event.providerId, live);
        const next = selections.map((s, k) => {
          const o = p.outcomes[k];
          const decided = o?.status === 'decided' || (s.isClosed && s.result !== null);
          const open = !decided && o?.status === 'open';
          // A decided outcome keeps its last offered odd (bets show it); others take the model's, unless an
          // operator's price override holds it (the model's price waits in `modelOdd` for its expiry).
          const overridden = !decided && s.overrideUntil !== null;
          const odd = decided || overridden ? s.odd : (o?.odd ?? s.odd);
          return {
            id: s.id,
            outcome: s.outcome,
            odd,
            modelOdd: overridden ? (o?.odd ?? s.modelOdd) : null,
            maxStake: open ? maxStakeFor(odd, live) : 0,
            isClosed: closed || decided,
            // Back office: an operator's suspension of the selection holds through reprices.
            isDisabled: !decided && (!open || s.operatorSuspended !== null),
            result: decided ? (o?.result ?? s.result) : null,
            ...(o ? fairColumns(o) : {}),
          };
        });
        // Back office: an operator's suspension holds through reprices (sports/operator-suspension.ts).
        const held = market.operatorSuspended !== null;
        const dirty =
          market.disabled !== held ||
          market.closed !== closed ||
          next.some((n, k) => {
            const s = selections[k];
            return (
              n.odd !== s?.odd ||
              n.modelOdd !== (s?.modelOdd ?? null) ||
              n.isClosed !== s?.isClosed ||
              n.isDisabled !== s?.isDisabled ||
              n.result !== s?.result
            );
          });
        // The fair probabilities move without the (rounded) odds: written, but nothing to show players.
        const fairMoved = next.some(
          (n, k) => n.fairPpb !== undefined && n.fairPpb !== selections[k]?.fairPpb,
        );
        if (!dirty) {
          if (fairMoved) selUpdates.push(...next);
          return;
        }
        selUpdates.push(...next);
        mktUpdates.push({ id: market.id, disabled: held, closed, resolved: p.decided });
        changed.push(feedMarket(market, next, held, closed));
      });
      const written = await repo.applyUpdates(selUpdates, mktUpdates);
      // Players see what the database holds: an operator's override or suspension that committed while this
      // reprice ran kept its price or its suspension in the rows, and the feed must say so too.
      for (const m of changed) {
        m.disabled = written.markets.get(m.id) ?? m.disabled;
        for (const sel of m.selections) {
          const row = written.selections.get(sel.id);
          sel.odd = row?.odd ?? sel.odd;
          sel.isDisabled = m.disabled || (row?.isDisabled ?? sel.isDisabled);
        }
      }
      if (announce) await publish(event.id, changed);
    },

    /** Full time: every market records each outcome's win/loss/void and closes. */
    async settle(event: EventRecord, pricing: PricingEvent, sim: SimState): Promise<void> {
      const grouped = group(await repo.marketsWithSelections(event.id));
      const results = settleEvent(pricing, factsOf(sim.match));
      const selUpdates: SelectionUpdate[] = [];
      const mktUpdates: MarketUpdateRow[] = [];
      const changed: FeedMarket[] = [];
      for (const { market, selections } of grouped) {
        const r = results[market.order];
        if (!r || r.t !== market.t || r.s !== market.s) continue;
        const next = selections.map((s) => ({
          id: s.id,
          outcome: s.outcome,
          odd: s.odd,
          maxStake: s.maxStake,
          isClosed: true,
          isDisabled: false,
          result: r.results[s.outcome] ?? 'void',
        }));
        selUpdates.push(...next);
        mktUpdates.push({ id: market.id, disabled: false, closed: true, resolved: true });
        changed.push(feedMarket(market, next, false, true));
      }
      await repo.applyUpdates(selUpdates, mktUpdates);
      await publish(event.id, changed);
    },
  };
}
