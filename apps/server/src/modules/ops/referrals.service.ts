import type { OpsReferral, OpsReferralDecision } from '@sb/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../plugins/errors';
import type { ReferralDecision, Referrals } from '../betting/index';
import type { AuditEntry, AuditLog } from './audit';
import type { DeskRepository, LegRowOut } from './desk.repository';
import type { OperatorContext } from './operators';
import { marketNames, selectionNames } from './desk-names';
import type { OpsBetsRepository } from './ops-bets.repository';
import type { ReferralsRepository } from './referrals.repository';
import { tickerBets, tickerView, type TickerBet } from './ticker';

export interface OpsReferralsDeps {
  db: Db;
  clock: Clock;
  desk: DeskRepository;
  repo: ReferralsRepository;
  events: OpsBetsRepository['events'];
  /** Betting's referred bets: each decision on the locked bet, in the caller's transaction. */
  referrals: Pick<Referrals, 'decideIn' | 'due'>;
  audit: AuditLog;
  marketName: (t: number, lang: 'en' | 'tr') => string;
  /** A decision moved a referral, once committed: the ticker pumps of every instance poll now. */
  changed?: (betId: number) => void;
}

/** The desk's actions on a referral, as audit actions. */
const ACTIONS: Record<'accept' | 'reject' | 'offer' | 'expire', string> = {
  accept: 'referral.accept',
  reject: 'referral.reject',
  offer: 'referral.offer',
  expire: 'referral.expire',
};

/**
 * The referral queue (issue 34 item 3): bets over a threshold waiting for the desk, by name; the desk's accept,
 * reject and counter-offer, each audited in the transaction that moves the bet (and its money); the timeout that
 * rejects what nobody decided; and the changes the operators' live topic pushes.
 */
export function createOpsReferrals(deps: OpsReferralsDeps) {
  const { desk, repo } = deps;

  /** Bet ids of the referral changes the live topic has not pushed yet (null: not started). */
  let lastSeq: number | null = null;

  return {
    list: (brandId: number | null) => referralQueue(deps, brandId),

    /** The desk's decision; 404 for a bet that is not referred or is another brand's. */
    async decide(
      ctx: OperatorContext,
      betId: number,
      decision: Extract<ReferralDecision, { kind: 'accept' | 'reject' | 'offer' }>,
      input: { reason?: string | undefined; note?: string | undefined },
      address: string,
    ): Promise<OpsReferralDecision> {
      // The brand check reads outside the transaction (a bet's brand never changes).
      const bet = await desk.bet(betId);
      if (!bet || (ctx.brandId !== null && bet.appId !== ctx.brandId)) throw notFound('bet');
      const done = await decideIn(deps, ctx, betId, decision, input, address);
      if (!done) throw notFound('bet');
      return done.out;
    },

    /** Rejects every referral whose time is up (`expireDue`); answers how many it rejected. */
    expireDue: () => expireDue(deps),

    /** The bets whose referral changed since the last call (the live topic's poll), as the ticker shows bets. */
    async changes(): Promise<TickerBet[]> {
      if (lastSeq === null) {
        lastSeq = await repo.lastSeq();
        return [];
      }
      const changed = await repo.changedAfter(lastSeq, 200);
      if (changed.length === 0) return [];
      lastSeq = changed[changed.length - 1]!.seq;
      return tickerBets(desk, deps.marketName, { ids: [...new Set(changed.map((c) => c.id))], limit: 200 });
    },
  };
}

export type OpsReferrals = ReturnType<typeof createOpsReferrals>;

/** The queue of a brand (every brand's for null), soonest due first. */
async function referralQueue(deps: OpsReferralsDeps, brandId: number | null): Promise<OpsReferral[]> {
  const { desk, repo, clock } = deps;
  const bets = await desk.bets({ referred: true, brandId, limit: 500 });
  const [referrals, legs] = await Promise.all([
    repo.waiting(bets.map((b) => b.id)),
    desk.legsOf(bets.map((b) => b.id)),
  ]);
  const events = await deps.events([...new Set(legs.map((l) => l.eventId))]);
  const byBet = new Map<number, LegRowOut[]>();
  for (const l of legs) byBet.set(l.betId, [...(byBet.get(l.betId) ?? []), l]);
  const betById = new Map(bets.map((b) => [b.id, b]));
  const now = clock.now();
  return referrals.flatMap((r): OpsReferral[] => {
    const bet = betById.get(r.id);
    if (!bet) return [];
    const own = byBet.get(r.id) ?? [];
    const view = tickerView(bet, own, deps.marketName);
    return [
      {
        betId: bet.id,
        brand: view.brand,
        client: view.client,
        type: view.type,
        currency: bet.currency,
        stake: bet.totalStake,
        combinations: bet.combinations,
        potentialPayout: view.potentialPayout,
        reason: r.reason,
        state: r.referral,
        offerStake: r.offerStake,
        placedAt: bet.createdAt.toISOString(),
        dueAt: r.dueAt.toISOString(),
        secondsLeft: Math.max(0, Math.ceil((r.dueAt.getTime() - now) / 1000)),
        legs: own.map((l) => referralLeg(deps.marketName, l, events.get(l.eventId)?.startAt)),
      },
    ];
  });
}

/** One leg of a referred bet by name, with its event's start. */
function referralLeg(
  marketName: OpsReferralsDeps['marketName'],
  l: LegRowOut,
  startAt: Date | undefined,
): OpsReferral['legs'][number] {
  return {
    event: {
      id: l.eventId,
      home: l.home ?? '',
      away: l.away ?? '',
      startAt: startAt?.toISOString() ?? null,
      isLive: l.isLive,
    },
    market: {
      id: l.marketId ?? 0,
      name: marketNames(marketName, l.marketType, l.special),
    },
    selection: { id: l.selectionId, name: selectionNames(l.outcome, l.selectionName, l.special) },
    odds: l.oddsThousandths / 1000,
  };
}

/**
 * One decision on bet `betId` and its audit entry, in one transaction (`decideIn` locks the bet, so the timeout
 * or another operator on another instance acting at once finds it decided: 409). Nothing is audited when the
 * same decision was made already (a retry).
 */
async function decideIn(
  deps: OpsReferralsDeps,
  actor: AuditEntry['actor'],
  betId: number,
  decision: Extract<ReferralDecision, { kind: 'accept' | 'reject' | 'offer' | 'expire' }>,
  input: { reason?: string | undefined; note?: string | undefined },
  address: string | null,
): Promise<{ out: OpsReferralDecision; changed: boolean } | null> {
  const result = await deps.db.transaction(async (tx) => {
    const done = await deps.referrals.decideIn(tx, betId, decision);
    if (!done) return null;
    const { bet } = done;
    const out: OpsReferralDecision = {
      betId,
      referral: bet.referral!,
      status: bet.status,
      rejectReason: bet.rejectReason,
      stake: bet.totalStake,
      offerStake: bet.offerStake,
    };
    if (done.changed)
      await deps.audit.record(
        {
          actor,
          action: ACTIONS[decision.kind],
          target: `bet:${betId}`,
          brandId: bet.appId,
          outcome: 'ok',
          status: 200,
          reason: input.reason ?? null,
          before: { referral: done.before, status: 'pending' },
          after: { ...out, refunded: done.refunded, note: input.note ?? null },
          address,
        },
        tx,
      );
    return { out, changed: done.changed };
  });
  if (result?.changed) deps.changed?.(betId);
  return result;
}

/**
 * Rejects every referral whose time is up, each in its own transaction, audited as `system`; exactly once
 * whatever runs it at the same time (the bet's lock and the conditional move). Answers how many it rejected.
 */
async function expireDue(deps: OpsReferralsDeps): Promise<number> {
  let expired = 0;
  for (const id of await deps.referrals.due()) {
    const done = await decideIn(
      deps,
      { username: 'system' },
      id,
      { kind: 'expire' },
      { reason: 'timeout' },
      null,
    ).catch((error: unknown) => {
      // Decided meanwhile by an operator or its client (409): nothing to do.
      if ((error as { statusCode?: number }).statusCode === 409) return null;
      throw error;
    });
    if (done?.changed && done.out.referral === 'expired') expired++;
  }
  return expired;
}
