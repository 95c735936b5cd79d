import type { MovementType, Transaction } from '@sb/contract';
import { cents, formatMoney } from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { periodBounds } from '../../lib/periods';
import type { Translate } from '../content/index';
import { currencyOf } from '../identity/index';
import { createWalletRepository, type WalletRepository } from './wallet.repository';
import type { WalletService } from './wallet.service';

/** The client a wallet question is about (identity's user row satisfies it). */
/** The bet a movement belongs to: betting writes its id into the info's `bet` parameter. */
function betIdOf(params: Record<string, string> | undefined): number | null {
  const id = Number(params?.bet);
  return params?.bet !== undefined && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface WalletClient {
  id: number;
  appId: number;
  currencyIso: string;
  timezone: string;
}

/** Sports bets: the later betting issue posts these movement types; cashback reads them. */
export const SPORTS_TYPES: MovementType[] = ['bet_stake', 'bet_payout', 'bet_refund', 'cashout'];
const CASINO_TYPES: MovementType[] = ['casino_stake', 'casino_payout', 'casino_refund'];
const STAKE_TYPES: MovementType[] = ['bet_stake', 'casino_stake'];

/** A settled bet as cashback counts it: its stake and everything it returned (payouts, refunds, cash-outs). */
export interface SettledBet {
  id: number;
  staked: number;
  returned: number;
}
/** The client's bets finally settled in [from, to) (the betting module's answer). */
export type SettledBetsSource = (userId: number, from: number, to: number) => Promise<SettledBet[]>;

/** What the activity service is made of. */
interface ActivityDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /** Without it (seeding) there is no cashback. */
  settledBets?: SettledBetsSource;
}

/** The deps and the wallet repository on the module's database. */
interface ActivityCtx extends ActivityDeps {
  repo: WalletRepository;
}

/** The client's transactions, their stake and loss use (for the limits), and the sports cashback. */
export function createActivityService(deps: ActivityDeps) {
  const ctx: ActivityCtx = { ...deps, repo: createWalletRepository(deps.db) };
  return {
    /** One page of the client's cash transactions in [from, to), newest first. */
    transactions: (
      client: WalletClient,
      range: { from: number; to: number },
      page: number,
      perPage: number,
      t: Translate,
    ) => transactions(ctx, client, range, page, perPage, t),
    /**
     * Stakes placed and net loss (stakes − returns, never below 0) of sports and casino in [from, to).
     * Pass the transaction that just debited a stake to read it (the debit's row lock serialises the client).
     */
    usage: (client: WalletClient, from: number, to: number, tx?: DbOrTx) => usage(ctx, client, from, to, tx),
    /**
     * The sports cashback offer: net losses of the client's bets settled in the last CLOSED calendar week
     * (Monday 00:00 to Monday 00:00 in the client's zone) × the app's rate. Open bets never count (their stake
     * is not a loss yet), nor does a bet an earlier claim already counted (a resettled bet moves to the week
     * of its new settlement). 0 once the week is claimed.
     */
    cashback: async (client: WalletClient, basisPoints: number) => offer(ctx, ctx.repo, client, basisPoints),
    /**
     * Pays the offer into the cash balance, once per client and week: the claim row (unique per client and
     * week) and the ledger credit are one transaction, so concurrent or repeated claims pay once.
     */
    claimCashback: (client: WalletClient, basisPoints: number) => claimCashback(ctx, client, basisPoints),
  };
}

/** The client's cash account, if it has one yet. */
const cashAccount = (r: WalletRepository, c: WalletClient) =>
  r.findAccount({ appId: c.appId, kind: 'client_cash', ownerId: c.id, currency: c.currencyIso });

/** The client's cash movements in [from, to), summed per type (in the transaction given, else alone). */
async function sums(
  ctx: ActivityCtx,
  client: WalletClient,
  types: MovementType[],
  from: number,
  to: number,
  tx?: DbOrTx,
) {
  const r = tx ? createWalletRepository(tx) : ctx.repo;
  const account = await cashAccount(r, client);
  if (!account) return new Map<MovementType, number>();
  return r.sumsByType(account.id, types, new Date(from), new Date(to));
}

const total = (m: Map<MovementType, number>, types: MovementType[]) =>
  types.reduce((s, t) => s + (m.get(t) ?? 0), 0);

/** The offer of the last closed week. */
async function offer(deps: ActivityDeps, r: WalletRepository, client: WalletClient, basisPoints: number) {
  const current = periodBounds(deps.clock.now(), client.timezone, 'week');
  const { start, end } = periodBounds(current.start - 1, client.timezone, 'week');
  const period = {
    percent: basisPoints / 100,
    start,
    end,
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(end).toISOString(),
  };
  const claimed = await r.cashbackClaim(client.id, new Date(start));
  if (claimed || !deps.settledBets) return { ...period, cashback: 0, netLoss: 0, betIds: [] as number[] };
  const counted = await r.claimedBetIds(client.id);
  const settled = (await deps.settledBets(client.id, start, end)).filter((b) => !counted.has(b.id));
  const netLoss = Math.max(
    0,
    settled.reduce((sum, b) => sum + b.staked - b.returned, 0),
  );
  return {
    ...period,
    cashback: Math.floor((netLoss * basisPoints) / 10_000),
    netLoss,
    betIds: settled.map((b) => b.id),
  };
}

/** One page of the client's cash transactions in [from, to), newest first. */
async function transactions(
  ctx: ActivityCtx,
  client: WalletClient,
  range: { from: number; to: number },
  page: number,
  perPage: number,
  t: Translate,
) {
  const account = await cashAccount(ctx.repo, client);
  if (!account) return { transactions: [] as Transaction[], totalCount: 0 };
  const { rows, total: totalCount } = await ctx.repo.accountHistory(
    account.id,
    new Date(range.from),
    new Date(range.to),
    perPage,
    (page - 1) * perPage,
  );
  const currency = currencyOf(client.currencyIso);
  const transactions = rows.map(({ entry, movement }): Transaction => ({
    id: entry.id,
    info: t(movement.info.key, movement.info.params),
    addedAt: entry.createdAt.toISOString(),
    amount: Math.abs(entry.amount),
    amountFormat: formatMoney(cents(Math.abs(entry.amount)), currency),
    balanceAfter: entry.balanceAfter ?? 0,
    type: { operator: entry.amount >= 0 ? '+' : '-', key: movement.type },
    betId: betIdOf(movement.info.params),
  }));
  return { transactions, totalCount };
}

/** Stakes placed and net loss (stakes − returns, never below 0) of sports and casino in [from, to). */
async function usage(
  ctx: ActivityCtx,
  client: WalletClient,
  from: number,
  to: number,
  tx?: DbOrTx,
): Promise<{ staked: number; netLoss: number }> {
  const m = await sums(ctx, client, [...SPORTS_TYPES, ...CASINO_TYPES], from, to, tx);
  return {
    staked: -total(m, STAKE_TYPES),
    netLoss: Math.max(0, -total(m, [...SPORTS_TYPES, ...CASINO_TYPES])),
  };
}

/** Pays the offer into the cash balance, once per client and week (the claim row and the credit: one transaction). */
async function claimCashback(
  ctx: ActivityCtx,
  client: WalletClient,
  basisPoints: number,
): Promise<{ paid: number }> {
  // Read first (the betting side's query runs on its own connection; PGlite has one): the claim row's unique
  // index is what makes a concurrent claim of the same week pay nothing.
  const due = await offer(ctx, ctx.repo, client, basisPoints);
  if (due.cashback <= 0) return { paid: 0 };
  return ctx.db.transaction(async (tx) => {
    const r = createWalletRepository(tx);
    const claim = await r.insertCashbackClaim({
      appId: client.appId,
      userId: client.id,
      periodStart: new Date(due.start),
      periodEnd: new Date(due.end),
      netLoss: due.netLoss,
      amount: due.cashback,
      betIds: due.betIds,
      createdAt: new Date(ctx.clock.now()),
    });
    if (!claim) return { paid: 0 };
    await ctx.wallet.credit(
      {
        appId: client.appId,
        userId: client.id,
        currency: client.currencyIso,
        amount: cents(due.cashback),
        type: 'cashback',
        idempotencyKey: `cashback:${client.id}:${due.periodStart}`,
      },
      tx,
    );
    return { paid: due.cashback };
  });
}

export type ActivityService = ReturnType<typeof createActivityService>;
