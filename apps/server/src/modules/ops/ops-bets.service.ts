import type { OpsBetDetail, OpsBetVoid } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import { HttpError, notFound } from '../../plugins/errors';
import type { BetVoidChange } from '../betting/index';
import type { AuditLog } from './audit';
import type { DeskRepository } from './desk.repository';
import type { OperatorContext } from './operators';
import type { OpsBetsRepository } from './ops-bets.repository';
import { marketNames, selectionNames } from './desk-names';
import { builderLegsView } from './ticker';

export interface OpsBetsDeps {
  db: Db;
  desk: Pick<DeskRepository, 'bet' | 'legsOf' | 'selections'>;
  repo: (db: DbOrTx) => OpsBetsRepository;
  audit: AuditLog;
  marketName: (t: number, lang: 'en' | 'tr') => string;
  /** Betting's void of one bet in the caller's transaction (settlement.service `voidBetIn`). */
  voidBetIn: (tx: DbOrTx, betId: number) => Promise<BetVoidChange | { refused: string } | null>;
}

/** What a ledger key `bet:{id}:{kind}[:{round}]` says the movement was. */
const kindOf = (key: string) => key.split(':')[2] ?? 'other';

type Step = OpsBetDetail['timeline'][number];

/**
 * A bet's timeline from its row and its ledger movements: placed; accepted (after its live delay) unless it is still
 * pending or was rejected; then each movement that marks a step (settle:0 settled, settle:n resettled, reverse
 * reopened, cashout, void, rejected).
 */
export function betTimeline(
  bet: { status: string; createdAt: Date },
  extra: { acceptAt: Date | null; settledAt: Date | null; settlementRound: number } | null,
  movements: { key: string; at: Date }[],
): Step[] {
  const steps: Step[] = [{ at: bet.createdAt.toISOString(), step: 'placed', delayMs: null }];
  const rejected = movements.find((m) => kindOf(m.key) === 'rejected');
  if (bet.status !== 'pending' && bet.status !== 'rejected' && !rejected) {
    const at = extra?.acceptAt ?? bet.createdAt;
    steps.push({ at: at.toISOString(), step: 'accepted', delayMs: at.getTime() - bet.createdAt.getTime() });
  }
  const settledRounds = new Set<number>();
  for (const m of movements) {
    const [, , kind, round] = m.key.split(':');
    const at = m.at.toISOString();
    if (kind === 'settle') {
      settledRounds.add(Number(round));
      steps.push({ at, step: Number(round) > 0 ? 'resettled' : 'settled', delayMs: null });
    } else if (kind === 'reverse') steps.push({ at, step: 'reopened', delayMs: null });
    else if (kind === 'cashout') steps.push({ at, step: 'cashed_out', delayMs: null });
    else if (kind === 'void') steps.push({ at, step: 'voided', delayMs: null });
    else if (kind === 'rejected') steps.push({ at, step: 'rejected', delayMs: null });
  }
  // A settled bet whose settlement moved no money (a loss): the row's date (a void or a cash-out also dates it).
  const settled = bet.status === 'win' || bet.status === 'loss' || bet.status === 'refund';
  if (settled && extra?.settledAt && !settledRounds.has(extra.settlementRound))
    steps.push({
      at: extra.settledAt.toISOString(),
      step: extra.settlementRound > 0 ? 'resettled' : 'settled',
      delayMs: null,
    });
  return steps.sort((a, b) => a.at.localeCompare(b.at));
}

/** A bet's detail and an operator's void of it (issue 34 item 3). */
export function createOpsBets(deps: OpsBetsDeps) {
  const repo = deps.repo(deps.db);

  return {
    /** The bet with every leg by name, its money and its timeline; null when none or another brand's. */
    detail: (id: number, brandId: number | null) => betDetail(deps, repo, id, brandId),

    /** Voids bet `id` with a reason, exactly once (`voidBet`). */
    void: (
      ctx: OperatorContext,
      id: number,
      input: { reason: string; note?: string | undefined },
      address: string,
    ) => voidBet(deps, ctx, id, input, address),
  };
}

export type OpsBets = ReturnType<typeof createOpsBets>;

type LegEvent = Awaited<ReturnType<OpsBetsRepository['events']>> extends Map<number, infer E> ? E : never;

/** The bet with every leg by name, its money and its timeline; null when none or another brand's. */
async function betDetail(
  deps: OpsBetsDeps,
  repo: OpsBetsRepository,
  id: number,
  brandId: number | null,
): Promise<OpsBetDetail | null> {
  const bet = await deps.desk.bet(id);
  if (!bet || (brandId !== null && bet.appId !== brandId)) return null;
  const [legs, extra, movements, actions] = await Promise.all([
    deps.desk.legsOf([id]),
    repo.extra(id),
    repo.movements(bet.appId, id),
    repo.actions(id),
  ]);
  const [events, current] = await Promise.all([
    repo.events([...new Set(legs.map((l) => l.eventId))]),
    deps.desk.selections(legs.map((l) => l.selectionId)),
  ]);
  const now = new Map(current.map((s) => [s.id, s]));
  return {
    id: bet.id,
    brand: { id: bet.appId, name: bet.brand },
    client: { id: bet.userId, username: bet.username },
    type: bet.type,
    systems: bet.systems,
    status: bet.status,
    currency: bet.currency,
    stake: bet.totalStake,
    stakePerBet: bet.stakePerBet,
    combinations: bet.combinations,
    paid: bet.paid,
    cashedOut: extra?.cashedOut ?? 0,
    placedAt: bet.createdAt.toISOString(),
    acceptAt: extra?.acceptAt?.toISOString() ?? null,
    settledAt: extra?.settledAt?.toISOString() ?? null,
    rejectReason: extra?.rejectReason ?? null,
    origin: { ip: extra?.placedIp ?? null, userAgent: extra?.placedAgent ?? null },
    timeline: betTimeline(bet, extra, movements),
    legs: legs.map((l) => legView(deps.marketName, l, events.get(l.eventId), now.get(l.selectionId))),
    movements: movements.map((m) => ({ at: m.at.toISOString(), kind: kindOf(m.key), amount: m.amount })),
    actions,
  };
}

/** One leg by name, with its event's state now and its selection's odd now (none once closed). */
function legView(
  marketName: OpsBetsDeps['marketName'],
  l: Awaited<ReturnType<DeskRepository['legsOf']>>[number],
  e: LegEvent | undefined,
  s: Awaited<ReturnType<DeskRepository['selections']>>[number] | undefined,
): OpsBetDetail['legs'][number] {
  return {
    idx: l.idx,
    event: {
      id: l.eventId,
      home: l.home ?? '',
      away: l.away ?? '',
      startAt: e?.startAt.toISOString() ?? null,
      status: e?.status ?? null,
      score: (e?.score as { home: number; away: number } | null | undefined) ?? null,
    },
    market: {
      id: l.marketId,
      t: l.marketType,
      line: l.special,
      name: marketNames(marketName, l.marketType, l.special),
    },
    selection: {
      id: l.selectionId,
      outcome: l.outcome,
      name: selectionNames(l.outcome, l.selectionName, l.special),
    },
    oddsTaken: l.oddsThousandths / 1000,
    oddsNow: s && !s.closed ? s.odd : null,
    result: l.result,
    live: l.isLive,
    banker: l.banker,
    builder: builderLegsView(l, marketName),
  };
}

/**
 * Voids bet `id` with a reason, exactly once: one transaction locks the bet, moves its money through the ledger
 * (betting `voidBetIn`) and writes the audit entry; a repeat (another instance's concurrent request included)
 * finds it void and changes nothing. 404 for another brand's bet (a brand's operator acts on its own).
 */
async function voidBet(
  deps: OpsBetsDeps,
  ctx: OperatorContext,
  id: number,
  input: { reason: string; note?: string | undefined },
  address: string,
): Promise<OpsBetVoid> {
  // The brand check reads outside the transaction (the bet's brand never changes).
  const bet = await deps.desk.bet(id);
  if (!bet || (ctx.brandId !== null && bet.appId !== ctx.brandId)) throw notFound('bet');
  return deps.db.transaction(async (tx) => {
    const done = await deps.voidBetIn(tx, id);
    if (!done) throw notFound('bet');
    if ('refused' in done)
      throw new HttpError(
        409,
        'bet_final',
        done.refused === 'cashout'
          ? 'the bet was cashed out: its money is final'
          : 'the bet was rejected: its stake went back already',
      );
    const out = {
      betId: done.betId,
      statusBefore: done.statusBefore,
      status: done.status,
      reversed: done.reversed,
      refunded: done.refunded,
      debt: done.debt,
      unchanged: done.unchanged,
    };
    if (!done.unchanged)
      await deps.audit.record(
        {
          actor: ctx,
          action: 'bet.void',
          target: `bet:${id}`,
          brandId: bet.appId,
          outcome: 'ok',
          status: 200,
          reason: input.reason,
          before: { status: done.statusBefore },
          after: { ...out, note: input.note ?? null },
          address,
        },
        tx,
      );
    return out;
  });
}
