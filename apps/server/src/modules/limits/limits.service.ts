import type { Exclusion, LimitSummaryItem, LimitsUpdate } from '@sb/contract';
import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { periodBounds } from '../../lib/periods';
import { HttpError } from '../../plugins/errors';
import type { WalletClient } from '../wallet/index';
import { createLimitsRepository, type LimitsRepository } from './limits.repository';
import { addMonths, allLimits, change, toContract, type LimitState } from './limits.rules';

/** What the limits need from elsewhere: the client row and their stake/loss use in a time range. */
export interface LimitsDeps {
  repo: LimitsRepository;
  clock: Clock;
  clientById(userId: number, tx?: DbOrTx): Promise<WalletClient>;
  usage(
    client: WalletClient,
    from: number,
    to: number,
    tx?: DbOrTx,
  ): Promise<{ staked: number; netLoss: number }>;
}

const HOUR_MS = 3600_000;

/** An operator's block of a client (issue 35). */
export interface ClientBlock {
  at: string;
  reason: string;
}

/** A blocked client's stake: bets, casino and crash answer it; the client still logs in, withdraws, sees history. */
export const accountBlocked = () =>
  new HttpError(
    403,
    'account_blocked',
    'your account is blocked: you cannot bet or play; you can still log in, withdraw and see your history',
  );

/** A client's responsible-gambling limits, exclusions and the operator's block, and the stake check. */
export function createLimitsService(deps: LimitsDeps) {
  const { repo, clock } = deps;
  return {
    view: (userId: number) => view(deps, userId),
    update: (userId: number, input: LimitsUpdate) => update(deps, userId, input),
    timeOut: (userId: number, hours: number) =>
      exclude(deps, userId, 'timeout', clock.now() + hours * HOUR_MS),
    selfExclude: (userId: number, months: number) =>
      exclude(deps, userId, 'self_exclusion', addMonths(clock.now(), months)),
    summary: (userId: number) => summary(deps, userId),
    /** Issue 35: the operator's block of the client (when, why), or null. */
    blockOf: (userId: number, tx?: DbOrTx) => blockOf(deps, userId, tx),
    /** Issue 35: an operator blocks (`reason`) or unblocks (null) the client, in the operator's transaction. */
    setBlock: (userId: number, reason: string | null, tx: DbOrTx) => setBlock(deps, userId, reason, tx),
    /**
     * Of these clients, those `assertCanStake` might refuse (a limit of any kind, or an exclusion running now), in
     * one statement: a batch of placements sends their stakes through `assertCanStake` one by one, and takes the
     * others' without it (it could refuse nothing of theirs).
     */
    clientsWithRules: (userIds: number[], tx?: DbOrTx): Promise<Set<number>> =>
      (tx ? createLimitsRepository(tx) : repo).withRules(userIds, new Date(clock.now())),
    /** For betting and casino: throws 403 when the client may not stake `amount` more (see `assertCanStake`). */
    assertCanStake: (userId: number, amount: number, tx?: DbOrTx) => assertCanStake(deps, userId, amount, tx),
  };
}

/** The exclusion running now (a time-out or self-exclusion), or null. */
async function exclusionOf(
  deps: LimitsDeps,
  userId: number,
  r: LimitsRepository = deps.repo,
): Promise<Exclusion | null> {
  const s = await r.settingsOf(userId);
  if (!s?.exclusionKind || !s.excludedUntil || s.excludedUntil.getTime() <= deps.clock.now()) return null;
  return { kind: s.exclusionKind, until: s.excludedUntil.toISOString() };
}

/** The client's limits, reality check and exclusion. */
async function view(deps: LimitsDeps, userId: number) {
  const { repo, clock } = deps;
  const now = clock.now();
  const settings = await repo.settingsOf(userId);
  return {
    limits: allLimits(await repo.limitsOf(userId), now).map(toContract),
    realityCheckMinutes: settings?.realityCheckMinutes ?? null,
    exclusion: await exclusionOf(deps, userId),
  };
}

/** Starts or extends an exclusion until then (never shortens or softens one running). */
async function exclude(deps: LimitsDeps, userId: number, kind: Exclusion['kind'], until: number) {
  const { repo, clock } = deps;
  const now = clock.now();
  const s = await repo.settingsOf(userId);
  const current = s?.excludedUntil && s.excludedUntil.getTime() > now ? s : null;
  // An exclusion can be extended but never shortened or softened while it runs.
  const keepCurrent = current?.excludedUntil && current.excludedUntil.getTime() >= until;
  await repo.saveSettings({
    userId,
    realityCheckMinutes: s?.realityCheckMinutes ?? null,
    exclusionKind: keepCurrent
      ? current.exclusionKind
      : current?.exclusionKind === 'self_exclusion'
        ? 'self_exclusion'
        : kind,
    excludedUntil: new Date(keepCurrent ? (current.excludedUntil?.getTime() ?? until) : until),
    updatedAt: new Date(now),
  });
  return view(deps, userId);
}

/** Each limit with what was used of it in its current period (the client's time zone). */
async function usedPerLimit(deps: LimitsDeps, client: WalletClient, states: LimitState[], tx?: DbOrTx) {
  const now = deps.clock.now();
  const cache = new Map<string, { staked: number; netLoss: number; start: number; end: number }>();
  const items = [];
  for (const state of states) {
    let use = cache.get(state.period);
    if (!use) {
      const { start, end } = periodBounds(now, client.timezone, state.period);
      use = { ...(await deps.usage(client, start, end, tx)), start, end };
      cache.set(state.period, use);
    }
    items.push({
      state,
      used: state.type === 'stake' ? use.staked : use.netLoss,
      start: use.start,
      end: use.end,
    });
  }
  return items;
}

/** Lowers limits at once and raises them after 24 h; sets the reality check. */
async function update(deps: LimitsDeps, userId: number, input: LimitsUpdate) {
  const { repo, clock } = deps;
  const now = clock.now();
  const states = allLimits(await repo.limitsOf(userId), now);
  for (const wanted of input.limits) {
    const current = states.find((s) => s.type === wanted.type && s.period === wanted.period);
    if (!current) continue;
    const next = change(current, wanted.amount, now);
    await repo.saveLimit({
      userId,
      type: next.type,
      period: next.period,
      amount: next.amount,
      pendingAmount: next.pendingAmount,
      pendingFrom: next.pendingFrom === null ? null : new Date(next.pendingFrom),
      updatedAt: new Date(now),
    });
  }
  if (input.realityCheckMinutes !== undefined) {
    const s = await repo.settingsOf(userId);
    await repo.saveSettings({
      userId,
      realityCheckMinutes: input.realityCheckMinutes,
      exclusionKind: s?.exclusionKind ?? null,
      excludedUntil: s?.excludedUntil ?? null,
      updatedAt: new Date(now),
    });
  }
  return view(deps, userId);
}

/** Each limit with its use in the current period. */
async function summary(deps: LimitsDeps, userId: number) {
  const { repo, clock } = deps;
  const client = await deps.clientById(userId);
  const { realityCheckMinutes, exclusion } = await view(deps, userId);
  const states = allLimits(await repo.limitsOf(userId), clock.now());
  const items: LimitSummaryItem[] = (await usedPerLimit(deps, client, states)).map(
    ({ state, used, start, end }) => ({
      ...toContract(state),
      used,
      remaining: state.amount === null ? null : Math.max(0, state.amount - used),
      periodStart: new Date(start).toISOString(),
      periodEnd: new Date(end).toISOString(),
    }),
  );
  return { items, realityCheckMinutes, exclusion };
}

/** Issue 35: the operator's block of the client (when, why), or null. */
async function blockOf(deps: LimitsDeps, userId: number, tx?: DbOrTx): Promise<ClientBlock | null> {
  const s = await (tx ? createLimitsRepository(tx) : deps.repo).settingsOf(userId);
  return s?.blockedAt ? { at: s.blockedAt.toISOString(), reason: s.blockedReason ?? '' } : null;
}

/**
 * Issue 35: an operator blocks (`reason`) or unblocks (null) the client, in the operator's transaction (the
 * row locked: two operators at once are serialised). Answers the block before and after.
 */
async function setBlock(deps: LimitsDeps, userId: number, reason: string | null, tx: DbOrTx) {
  const r = createLimitsRepository(tx);
  const row = await r.lockSettings(userId);
  const before = row?.blockedAt ? { at: row.blockedAt.toISOString(), reason: row.blockedReason ?? '' } : null;
  const now = new Date(deps.clock.now());
  const at = reason === null ? null : before ? new Date(before.at) : now;
  await r.saveBlock(userId, at, reason, now);
  const after = at && reason !== null ? { at: at.toISOString(), reason } : null;
  return { before, after };
}

/**
 * For betting and casino: throws 403 when the client is timed out or self-excluded, or when `amount` more
 * stake would pass a stake limit or (if lost) a loss limit. Race-free use: debit the stake in your
 * transaction first (its row lock serialises the client), then call this with amount 0 and that tx.
 */
async function assertCanStake(deps: LimitsDeps, userId: number, amount: number, tx?: DbOrTx): Promise<void> {
  const r = tx ? createLimitsRepository(tx) : deps.repo;
  if ((await r.settingsOf(userId))?.blockedAt) throw accountBlocked();
  const exclusion = await exclusionOf(deps, userId, r);
  if (exclusion)
    throw new HttpError(
      403,
      exclusion.kind === 'timeout' ? 'timed_out' : 'self_excluded',
      `play is blocked until ${exclusion.until}`,
    );
  const states = allLimits(await r.limitsOf(userId), deps.clock.now()).filter((s) => s.amount !== null);
  if (states.length === 0) return;
  const client = await deps.clientById(userId, tx);
  for (const { state, used } of await usedPerLimit(deps, client, states, tx)) {
    if (used + amount > (state.amount ?? Infinity)) {
      throw new HttpError(
        403,
        `${state.type}_limit_exceeded`,
        `this stake would pass the ${state.period} ${state.type} limit`,
        'amount',
      );
    }
  }
}
export type LimitsService = ReturnType<typeof createLimitsService>;
