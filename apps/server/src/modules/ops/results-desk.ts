import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest } from '../../plugins/errors';
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
import type { ResultsRepository } from './results.repository';

/** Why a market is voided (audit log and the desk). */
export const VOID_REASONS = [
  'abandoned',
  'palpable_error',
  'feed_error',
  'rule',
  'integrity',
  'other',
] as const;
/** Why a market is resettled. */
export const RESETTLE_REASONS = [
  'wrong_result',
  'late_correction',
  'feed_error',
  'integrity',
  'other',
] as const;

export type ResultAction = 'result' | 'void' | 'resettle';

export interface ResultActionInput {
  action: ResultAction;
  facts?: ResultInput | undefined;
  reason?: string | undefined;
  note?: string | undefined;
  /** Compute and answer the report, change nothing (the transaction is rolled back). */
  preview?: boolean | undefined;
}

/** What an action did (or, previewed, would do): the market's results before and after, and the money. */
export interface ResultReport {
  marketId: number;
  eventId: number;
  action: ResultAction;
  preview: boolean;
  /** The results were already these: nothing moved (a repeated request). */
  unchanged: boolean;
  /** The facts could not decide the market (or the action voids it): every selection void. */
  voided: boolean;
  selections: { id: number; outcome: string; name: string; before: string | null; after: string }[];
  bets: (BetMoneyChange & { username: string; brand: string; change: number })[];
  totals: {
    currency: string;
    bets: number;
    change: number;
    reversed: number;
    paidNow: number;
    debt: number;
  }[];
}

class Rollback extends Error {
  constructor(readonly report: ResultReport) {
    super('preview');
  }
}

type ResultsDeskDeps = {
  db: Db;
  clock: Clock;
  resulting: MarketResulting;
  settleBetsIn: (tx: DbOrTx, selectionIds: number[]) => Promise<BetMoneyChange[]>;
  repo: ResultsRepository;
  audit: AuditLog;
};

/** What the action may do to this market; throws the refusal (400 naming the field, or 409). */
function check(clock: Clock, market: MarketForResult | null, action: ResultAction): MarketForResult {
  if (!market) throw badRequest('id', 'no such market');
  if (action === 'resettle' && !market.resolved)
    throw badRequest('id', 'the market is not settled: give it a result first');
  if (action === 'result') {
    if (market.resolved)
      throw new HttpError(409, 'market_resulted', 'the market has a result: resettle it to correct it');
    if (market.event.status === 'live')
      throw new HttpError(
        409,
        'event_live',
        'the event is live: the feed results it (if the feed has broken, suspend the whole event and result it from the one form)',
      );
    if (market.event.status === 'not_started' && market.event.startAt.getTime() > clock.now())
      throw new HttpError(409, 'event_not_started', 'the event has not started');
  }
  return market;
}

/** The market's results: every selection void, or those the facts decide (a bad fact: 400 naming it). */
async function resultsOf(
  resulting: MarketResulting,
  tx: DbOrTx,
  market: MarketForResult,
  input: ResultActionInput,
): Promise<{ results: MarketResults; voided: boolean }> {
  if (input.action === 'void')
    return { results: Object.fromEntries(market.selections.map((s) => [s.outcome, 'void'])), voided: true };
  try {
    return await resulting.resultsFromFacts(market, input.facts ?? {}, tx);
  } catch (e) {
    if (e instanceof ResultInputError) throw badRequest(`facts.${e.field}`, e.message);
    throw e;
  }
}

/** The money report of an action: each bet's change with its client's name, and totals per currency. */
async function report(
  repo: ResultsRepository,
  tx: DbOrTx,
  market: MarketForResult,
  input: ResultActionInput,
  results: MarketResults,
  voided: boolean,
  changes: BetMoneyChange[],
): Promise<ResultReport> {
  const names = await repo.names(
    tx,
    changes.map((c) => c.userId),
  );
  const bets = changes.map((c) => ({
    ...c,
    username: names.get(c.userId)?.username ?? '',
    brand: names.get(c.userId)?.brand ?? '',
    change: c.paidAfter - c.paidBefore,
  }));
  const totals = new Map<string, ResultReport['totals'][number]>();
  for (const b of bets) {
    const t = totals.get(b.currency) ?? {
      currency: b.currency,
      bets: 0,
      change: 0,
      reversed: 0,
      paidNow: 0,
      debt: 0,
    };
    totals.set(b.currency, {
      ...t,
      bets: t.bets + 1,
      change: t.change + b.change,
      reversed: t.reversed + b.reversed,
      paidNow: t.paidNow + b.paidNow,
      debt: t.debt + b.debt,
    });
  }
  return {
    marketId: market.id,
    eventId: market.eventId,
    action: input.action,
    preview: input.preview === true,
    unchanged: market.selections.every((s) => s.result === results[s.outcome]),
    voided,
    selections: market.selections.map((s) => ({
      id: s.id,
      outcome: s.outcome,
      name: s.name,
      before: s.result,
      after: results[s.outcome] ?? 'void',
    })),
    bets,
    totals: [...totals.values()],
  };
}

/**
 * The results and resettlement workspace: an operator's result, void or resettlement of one
 * market, exactly once. One transaction holds the market row (actions on a market take turns), writes its
 * results, settles or resettles every bet holding it through the ledger (betting `settleBetsIn`) and writes the
 * audit entry; the market's new state is announced after the commit. A preview runs the same and rolls back.
 */
export function createResultsDesk(deps: ResultsDeskDeps) {
  const { resulting } = deps;

  return {
    /** Results, voids or resettles market `id`; the money report of what changed. */
    async act(
      ctx: OperatorContext,
      id: number,
      input: ResultActionInput,
      address: string,
    ): Promise<ResultReport> {
      let announce: { market: MarketForResult; results: MarketResults } | null = null;
      try {
        const out = await deps.db.transaction(async (tx) => {
          const market = check(deps.clock, await resulting.market(tx, id, true), input.action);
          const { results, voided } = await resultsOf(resulting, tx, market, input);
          await resulting.write(tx, market, results);
          const changes = await deps.settleBetsIn(
            tx,
            market.selections.map((s) => s.id),
          );
          const done = await report(deps.repo, tx, market, input, results, voided, changes);
          if (done.preview) throw new Rollback(done);
          await deps.audit.record(
            {
              actor: ctx,
              action: `market.${input.action}`,
              target: `market:${id}`,
              brandId: ctx.brandId,
              outcome: 'ok',
              status: 200,
              reason: input.reason ?? null,
              before: { results: Object.fromEntries(market.selections.map((s) => [s.outcome, s.result])) },
              after: {
                results,
                facts: input.facts ?? null,
                note: input.note ?? null,
                totals: done.totals,
                bets: done.bets.map((b) => ({ betId: b.betId, change: b.change, debt: b.debt })),
              },
              address,
            },
            tx,
          );
          announce = { market, results };
          return done;
        });
        const a = announce as { market: MarketForResult; results: MarketResults } | null;
        if (a) await resulting.announce(a.market, a.results);
        return out;
      } catch (e) {
        if (e instanceof Rollback) return e.report;
        throw e;
      }
    },

    events: deps.repo.events,
    eventMarkets: deps.repo.eventMarkets,
  };
}

export type ResultsDesk = ReturnType<typeof createResultsDesk>;
