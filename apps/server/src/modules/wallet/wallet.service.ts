// The wallet: what the ledger's movements mean for a client. Transfers between a client's cash and the house (or a
// reseller), a win or deposit repaying the client's debt first, a resettlement's clawback that books what the cash
// cannot cover as debt, and the balances. Posting the movements is ledger.service.ts.
import { cents, type Cents } from '@sb/betting';
import type { MovementType } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import {
  createLedger,
  ownerOf,
  type AccountRef,
  type Ledger,
  type LedgerDeps,
  type Movement,
  type MovementInput,
} from './ledger.service';
import type { AccountKind } from './wallet.tables';

export type { AccountRef, LedgerRepository, Movement, MovementInput, Posted } from './ledger.service';
export { insufficientFunds } from './ledger.service';

export interface ClientTransfer {
  appId: number;
  userId: number;
  currency: string;
  amount: Cents;
  type: MovementType;
  idempotencyKey: string;
  /** The other side: the house (default) or a reseller. */
  counterparty?: AccountRef;
  info?: MovementInput['info'];
}

/**
 * Credits that repay a client's debt first (a resettlement's shortfall on `client_debt`, see `clawback`): deposits
 * and winnings (bet payouts, cash-outs, casino payouts). Refunds, cashback, bonuses and adjustments do not.
 */
export const DEBT_REPAYING_TYPES: ReadonlySet<MovementType> = new Set([
  'deposit',
  'bet_payout',
  'cashout',
  'casino_payout',
]);

/** A client transfer's movement with these entries. */
const movementOf = (t: ClientTransfer, entries: MovementInput['entries']): MovementInput => ({
  appId: t.appId,
  idempotencyKey: t.idempotencyKey,
  type: t.type,
  userId: t.userId,
  currency: t.currency,
  info: t.info,
  entries,
});

/** A client transfer's two entries: `sign` 1 credits the client's cash, −1 debits it. */
const transferEntries = (t: ClientTransfer, sign: 1 | -1): MovementInput['entries'] => [
  // A sign flip keeps minor units whole; a fraction a caller slipped past the type is refused by `validate` (400).
  { account: { kind: 'client_cash', userId: t.userId }, amount: (sign * t.amount) as Cents },
  { account: t.counterparty ?? { kind: 'house' }, amount: (-sign * t.amount) as Cents },
];

const transfer = (ledger: Ledger, t: ClientTransfer, sign: 1 | -1, tx?: DbOrTx) =>
  ledger.post(movementOf(t, transferEntries(t, sign)), tx);

/**
 * Takes `amount` back from the client's cash for the house (a resettlement reversing a paid win), never below
 * zero: what the cash cannot cover is booked on the client's `client_debt` account (negative = owed to the
 * house). One movement, in the caller's transaction, the cash row locked first; a retry of the key moves nothing.
 */
async function clawback(
  ledger: Ledger,
  t: ClientTransfer,
  tx: DbOrTx,
): Promise<{ taken: number; debt: number }> {
  const repo = ledger.repositoryOf(tx);
  const cashRef: AccountRef = { kind: 'client_cash', userId: t.userId };
  const done = await repo.findMovement(t.appId, t.idempotencyKey);
  const cash = await repo.ensureAccount({
    appId: t.appId,
    kind: 'client_cash',
    ownerId: t.userId,
    currency: t.currency,
  });
  if (done) {
    const entries = await repo.entriesOf(done.id);
    const taken = -(entries.find((e) => e.accountId === cash.id)?.amount ?? 0);
    return { taken, debt: t.amount - taken };
  }
  const balance = Number((await repo.lockAccount(cash.id))?.balance ?? 0);
  const taken = Math.min(Math.max(balance, 0), t.amount);
  const debt = t.amount - taken;
  const entries: MovementInput['entries'] = [{ account: { kind: 'house' }, amount: t.amount }];
  if (taken > 0) entries.push({ account: cashRef, amount: cents(-taken) });
  if (debt > 0) entries.push({ account: { kind: 'client_debt', userId: t.userId }, amount: cents(-debt) });
  await ledger.post(movementOf(t, entries), tx);
  return { taken, debt };
}

/**
 * Adds `amount` to the client's cash; a deposit or a win first repays what the client owes (`client_debt`), in
 * the same movement: cash +(amount − repaid), debt +repaid, counterparty −amount. The debt row is locked first,
 * so two credits never repay the same debt twice; a retry of the key returns the stored movement.
 */
async function credit(
  { db, ledger }: { db: Db; ledger: Ledger },
  t: ClientTransfer,
  tx?: DbOrTx,
): Promise<Movement> {
  if (!DEBT_REPAYING_TYPES.has(t.type)) return transfer(ledger, t, 1, tx);
  const key = { appId: t.appId, kind: 'client_debt' as const, ownerId: t.userId, currency: t.currency };
  const debtAccount = await ledger.repositoryOf(tx ?? db).findAccount(key);
  if (!debtAccount) return transfer(ledger, t, 1, tx);
  const repay = async (inTx: DbOrTx): Promise<Movement> => {
    const repo = ledger.repositoryOf(inTx);
    const done = await repo.findMovement(t.appId, t.idempotencyKey);
    if (done) {
      if (done.type !== t.type || done.userId !== t.userId)
        throw new HttpError(
          409,
          'idempotency_conflict',
          'this idempotency key was used for a different movement',
        );
      return { movement: done, entries: await repo.entriesOf(done.id), replayed: true };
    }
    await repo.lockAccount(debtAccount.id);
    const owed = -(await repo.entrySum(debtAccount.id));
    const repaid = Math.min(Math.max(owed, 0), t.amount);
    if (repaid === 0) return transfer(ledger, t, 1, inTx);
    const entries: MovementInput['entries'] = [
      { account: t.counterparty ?? { kind: 'house' }, amount: cents(-t.amount) },
      { account: { kind: 'client_debt', userId: t.userId }, amount: cents(repaid) },
    ];
    if (t.amount > repaid)
      entries.push({
        account: { kind: 'client_cash', userId: t.userId },
        amount: cents(t.amount - repaid),
      });
    return ledger.post(movementOf(t, entries), inTx);
  };
  return tx ? repay(tx) : db.transaction(repay);
}

export function createWalletService(deps: LedgerDeps) {
  const { db } = deps;
  const ledger = createLedger(deps);
  return {
    post: ledger.post,
    clawback: (t: ClientTransfer, tx: DbOrTx) => clawback(ledger, t, tx),
    postMany: ledger.postMany,
    /** Debits many clients' cash at once in the caller's transaction (`postMany`): per-transfer answers. */
    debitMany: (transfers: ClientTransfer[], tx: DbOrTx) =>
      ledger.postMany(
        transfers.map((t) => movementOf(t, transferEntries(t, -1))),
        tx,
      ),
    /** Adds `amount` to the client's cash from the counterparty (house by default), repaying a debt first. */
    credit: (t: ClientTransfer, tx?: DbOrTx) => credit({ db, ledger }, t, tx),
    /** Takes `amount` from the client's cash to the counterparty; 409 insufficient_funds if too low. */
    debit: (t: ClientTransfer, tx?: DbOrTx) => transfer(ledger, t, -1, tx),

    /** Cash and bonus of a client in their currency (0 before any movement). */
    async balances(
      user: { id: number; appId: number; currencyIso: string },
      tx?: DbOrTx,
    ): Promise<{ cash: number; bonus: number }> {
      const rows = await ledger.repositoryOf(tx ?? db).accountsOfOwner(user.appId, user.id);
      const of = (kind: AccountKind) =>
        rows
          .filter((r) => r.kind === kind && r.currency === user.currencyIso)
          .reduce((s, r) => s + Number(r.balance), 0);
      return { cash: of('client_cash'), bonus: of('client_bonus') };
    },

    /**
     * Locks the client's cash and bonus accounts (created if missing; in id order, as every batch locks them) in
     * the caller's transaction and answers their balances: bonus money splits a stake on them (issue 36).
     */
    async lockedBalances(
      user: { userId: number; appId: number; currency: string },
      tx: DbOrTx,
    ): Promise<{ cash: number; bonus: number }> {
      const repo = ledger.repositoryOf(tx);
      const key = { appId: user.appId, ownerId: user.userId, currency: user.currency };
      const cash = await repo.ensureAccount({ ...key, kind: 'client_cash' });
      const bonus = await repo.ensureAccount({ ...key, kind: 'client_bonus' });
      const locked = await repo.lockBalances([cash.id, bonus.id]);
      return { cash: Number(locked.get(cash.id) ?? 0), bonus: Number(locked.get(bonus.id) ?? 0) };
    },

    /** A reseller's or the house's position: the sum of its entries (negative = money handed out). */
    async contraBalance(appId: number, ref: AccountRef, currency: string): Promise<number> {
      const repo = ledger.repositoryOf(db);
      const account = await repo.findAccount({ appId, kind: ref.kind, ownerId: ownerOf(ref), currency });
      return account ? repo.entriesTotal(account.id) : 0;
    },

    /** Invariant check for tests and operators: all entries sum to 0, cached balances equal their entries. */
    audit: (appId: number) => ledger.repositoryOf(db).audit(appId),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
