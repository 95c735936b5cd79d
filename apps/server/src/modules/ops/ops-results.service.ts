import type { OpsEventResult } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import type { BetMoneyChange } from '../betting/index';
import {
  ResultInputError,
  type MarketForResult,
  type MarketResulting,
  type MarketResults,
  type ResultInput,
} from '../sports/index';
import type { AuditLog } from './audit';
import type { OperatorContext } from './operators';
import { marketNames, selectionNames } from './desk-names';
import { betsPerMarket, brandNames, suspendedMarkets } from './ops-results.repository';

/** A bet's statuses once settled: won, lost, refunded (void). */
const SETTLED_STATUSES = new Set(['win', 'loss', 'refund']);

/**
 * The money report per brand and currency: what the clients were paid (change, reversed, paid now, debt) and the
 * book's result on the bets the action left settled (their stakes less all they paid).
 */
function moneyPerBrand(changes: BetMoneyChange[], brands: Map<number, string>): OpsEventResult['money'] {
  const money = new Map<string, OpsEventResult['money'][number]>();
  for (const c of changes) {
    const key = `${c.appId}:${c.currency}`;
    const m = money.get(key) ?? {
      brand: { id: c.appId, name: brands.get(c.appId) ?? '' },
      currency: c.currency,
      bets: 0,
      change: 0,
      reversed: 0,
      paidNow: 0,
      debt: 0,
      stakes: 0,
      net: 0,
    };
    // The book's result counts the bets left settled (a multiple still waiting on other legs has none yet).
    const settled = SETTLED_STATUSES.has(c.statusAfter);
    money.set(key, {
      ...m,
      bets: m.bets + 1,
      change: m.change + c.paidAfter - c.paidBefore,
      reversed: m.reversed + c.reversed,
      paidNow: m.paidNow + c.paidNow,
      debt: m.debt + c.debt,
      stakes: m.stakes + (settled ? c.stake : 0),
      net: m.net + (settled ? c.stake - c.paidAfter : 0),
    });
  }
  return [...money.values()].sort((a, b) => a.brand.id - b.brand.id || a.currency.localeCompare(b.currency));
}

export interface EventResultInput {
  facts: ResultInput;
  /** What becomes of the markets the facts cannot decide: voided (stakes back) or left open for later. */
  undecided: 'void' | 'open';
  reason?: string | undefined;
  note?: string | undefined;
  /** Compute and answer the report, change nothing (the transaction is rolled back). */
  preview: boolean;
}

class Rollback extends Error {
  constructor(readonly report: OpsEventResult) {
    super('preview');
  }
}

/**
 * One-form resulting of an event (issue 34 item 4): the final score and the half-time or period scores (goals
 * with minutes and scorers where markets need them) result every unresolved market at once, by the producer's own
 * decision of a match (`eventFromFacts`). One transaction locks the event's markets, writes the results, settles
 * or resettles every bet holding them through the ledger (betting `settleBetsIn`, exactly once) and writes one
 * audit entry; the markets' new states are announced after the commit. A preview runs the same and rolls back.
 */
export function createOpsResults(deps: {
  db: Db;
  clock: Clock;
  resulting: MarketResulting;
  settleBetsIn: (tx: DbOrTx, selectionIds: number[]) => Promise<BetMoneyChange[]>;
  audit: AuditLog;
  marketName: (t: number, lang: 'en' | 'tr') => string;
}) {
  const { resulting } = deps;

  /** The event may be resulted by hand: it has started, and if in play, every open market is suspended. */
  function check(markets: (MarketForResult & { suspended: boolean })[]): void {
    const event = markets[0]!.event;
    if (event.status === 'not_started' && event.startAt.getTime() > deps.clock.now())
      throw new HttpError(409, 'event_not_started', 'the event has not started');
    if (event.status === 'live' && markets.some((m) => !m.closed && !m.resolved && !m.suspended))
      throw new HttpError(
        409,
        'event_live',
        'the event is in play: suspend it first (the feed results it unless it has broken)',
      );
  }

  async function run(
    tx: DbOrTx,
    ctx: OperatorContext,
    eventId: number,
    input: EventResultInput,
    address: string,
    written: { market: MarketForResult; results: MarketResults }[],
  ): Promise<OpsEventResult> {
    let decided;
    try {
      decided = await resulting.eventFromFacts(tx, eventId, input.facts);
    } catch (e) {
      if (e instanceof ResultInputError) throw badRequest(`facts.${e.field}`, e.message);
      throw e;
    }
    if (!decided) throw notFound('event');
    if (decided.length === 0) throw new HttpError(409, 'no_markets', 'the event has no markets');
    const suspended = new Set(
      await suspendedMarkets(
        tx,
        decided.map((d) => d.market.id),
      ),
    );
    check(decided.map((d) => ({ ...d.market, suspended: suspended.has(d.market.id) })));
    const outcomes = new Map<number, OpsEventResult['markets'][number]['outcome']>();
    for (const d of decided) {
      if (d.market.resolved) {
        outcomes.set(d.market.id, 'already');
        continue;
      }
      if (!d.decided && input.undecided === 'open') {
        outcomes.set(d.market.id, 'open');
        continue;
      }
      await resulting.write(tx, d.market, d.results);
      written.push({ market: d.market, results: d.results });
      outcomes.set(d.market.id, d.decided ? 'settled' : 'voided');
    }
    const changes = await deps.settleBetsIn(
      tx,
      written.flatMap((w) => w.market.selections.map((s) => s.id)),
    );
    const counts = await betsPerMarket(
      tx,
      decided.map((d) => d.market.id),
    );
    const brands = await brandNames(
      tx,
      changes.map((c) => c.appId),
    );
    const report: OpsEventResult = {
      eventId,
      preview: input.preview,
      markets: decided.map((d) => {
        const outcome = outcomes.get(d.market.id)!;
        const changed = outcome === 'settled' || outcome === 'voided';
        return {
          marketId: d.market.id,
          name: marketNames(deps.marketName, d.market.t, d.market.s),
          outcome,
          selections: d.market.selections.map((s) => ({
            id: s.id,
            name: selectionNames(s.outcome, s.name, d.market.s),
            before: s.result,
            after: changed ? (d.results[s.outcome] ?? 'void') : s.result,
          })),
          bets: counts.get(d.market.id) ?? 0,
        };
      }),
      undecided: decided.filter((d) => !d.market.resolved && !d.decided).map((d) => d.market.id),
      money: moneyPerBrand(changes, brands),
    };
    if (input.preview) throw new Rollback(report);
    await deps.audit.record(
      {
        actor: ctx,
        action: 'event.result',
        target: `event:${eventId}`,
        brandId: ctx.brandId,
        outcome: 'ok',
        status: 200,
        reason: input.reason ?? null,
        after: {
          facts: input.facts,
          undecided: input.undecided,
          note: input.note ?? null,
          markets: Object.fromEntries(outcomes),
          money: report.money,
          bets: changes.map((c) => ({ betId: c.betId, change: c.paidAfter - c.paidBefore, debt: c.debt })),
        },
        address,
      },
      tx,
    );
    return report;
  }

  return {
    /** Results (or, previewed, would result) every unresolved market of event `eventId` from one form. */
    async result(
      ctx: OperatorContext,
      eventId: number,
      input: EventResultInput,
      address: string,
    ): Promise<OpsEventResult> {
      const written: { market: MarketForResult; results: MarketResults }[] = [];
      try {
        const report = await deps.db.transaction((tx) => run(tx, ctx, eventId, input, address, written));
        for (const w of written) await resulting.announce(w.market, w.results);
        return report;
      } catch (e) {
        if (e instanceof Rollback) return e.report;
        throw e;
      }
    },
  };
}

export type OpsResults = ReturnType<typeof createOpsResults>;
