import type { MovementType, Transaction } from '@sb/contract';
import { cents, formatMoney } from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { periodBounds } from '../../lib/periods';
import type { Translate } from '../../lib/translate';
import { currencyOf } from '../identity/index';
import { createWalletRepository } from './wallet.repository';
import type { WalletService } from './wallet.service';

/** The client a wallet question is about (identity's user row satisfies it). */
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

export function createActivityService(deps: { db: Db; clock: Clock; wallet: WalletService }) {
  const repo = createWalletRepository(deps.db);
  const cashAccount = (c: WalletClient, r = repo) =>
    r.findAccount({ appId: c.appId, kind: 'client_cash', ownerId: c.id, currency: c.currencyIso });

  async function sums(client: WalletClient, types: MovementType[], from: number, to: number, tx?: DbOrTx) {
    const r = tx ? createWalletRepository(tx) : repo;
    const account = await cashAccount(client, r);
    if (!account) return new Map<MovementType, number>();
    return r.sumsByType(account.id, types, new Date(from), new Date(to));
  }
  const total = (m: Map<MovementType, number>, types: MovementType[]) =>
    types.reduce((s, t) => s + (m.get(t) ?? 0), 0);

  return {
    /** One page of the client's cash transactions in [from, to), newest first. */
    async transactions(
      client: WalletClient,
      range: { from: number; to: number },
      page: number,
      perPage: number,
      t: Translate,
    ) {
      const account = await cashAccount(client);
      if (!account) return { transactions: [] as Transaction[], totalCount: 0 };
      const { rows, total: totalCount } = await repo.accountHistory(
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
      }));
      return { transactions, totalCount };
    },

    /**
     * Stakes placed and net loss (stakes − returns, never below 0) of sports and casino in [from, to).
     * Pass the transaction that just debited a stake to read it (the debit's row lock serialises the client).
     */
    async usage(
      client: WalletClient,
      from: number,
      to: number,
      tx?: DbOrTx,
    ): Promise<{ staked: number; netLoss: number }> {
      const m = await sums(client, [...SPORTS_TYPES, ...CASINO_TYPES], from, to, tx);
      return {
        staked: -total(m, STAKE_TYPES),
        netLoss: Math.max(0, -total(m, [...SPORTS_TYPES, ...CASINO_TYPES])),
      };
    },

    /**
     * Sports cashback of the current week (Monday 00:00 in the client's zone): net sports losses × the app's
     * rate, less what was already paid this week.
     */
    async cashback(client: WalletClient, basisPoints: number) {
      const { start, end } = periodBounds(deps.clock.now(), client.timezone, 'week');
      const m = await sums(client, [...SPORTS_TYPES, 'cashback'], start, end);
      const netLoss = Math.max(0, -total(m, SPORTS_TYPES));
      const paid = m.get('cashback') ?? 0;
      return {
        cashback: Math.max(0, Math.floor((netLoss * basisPoints) / 10_000) - paid),
        percent: basisPoints / 100,
        periodStart: start,
        paid,
      };
    },

    /**
     * Pays the claimable cashback into the cash balance. The key names the week and what was paid before,
     * so concurrent or repeated claims pay once.
     */
    async claimCashback(client: WalletClient, basisPoints: number): Promise<{ paid: number }> {
      const due = await this.cashback(client, basisPoints);
      if (due.cashback <= 0) return { paid: 0 };
      const result = await deps.wallet.credit({
        appId: client.appId,
        userId: client.id,
        currency: client.currencyIso,
        amount: due.cashback,
        type: 'cashback',
        idempotencyKey: `cashback:${client.id}:${new Date(due.periodStart).toISOString()}:${due.paid}`,
      });
      return { paid: result.replayed ? 0 : due.cashback };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
