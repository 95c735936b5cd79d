import { cents, type Cents } from '@sb/betting';
import type { MovementType } from '@sb/contract';
import type { DomainMetrics } from '../../observability/metrics';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest } from '../../plugins/errors';
import {
  createWalletRepository,
  type AccountRow,
  type EntryRow,
  type MovementRow,
  type WalletRepository,
} from './wallet.repository';
import type { AccountKind } from './wallet.tables';

/** Which account an entry touches: a client's cash or bonus, the app's house, or a reseller. */
export type AccountRef =
  | { kind: 'client_cash' | 'client_bonus' | 'client_debt'; userId: number }
  | { kind: 'reseller'; userId: number }
  | { kind: 'house' };

export interface MovementInput {
  appId: number;
  /** Unique per app: a retry with the same key returns the first movement and moves nothing. */
  idempotencyKey: string;
  type: MovementType;
  /** The client the movement concerns (their transactions, limits and cashback read it). */
  userId: number | null;
  currency: string;
  /** Translation key (and params) describing the movement; defaults to `transaction.<type>`. */
  info?: { key: string; params?: Record<string, string> };
  /** Two or more signed amounts (minor units) that sum to zero. */
  entries: { account: AccountRef; amount: Cents }[];
}

export interface Movement {
  movement: MovementRow;
  entries: EntryRow[];
  /** True when this call found the movement already posted under its idempotency key. */
  replayed: boolean;
}

/** A movement `postMany` wrote. */
export interface Posted {
  movementId: number;
  idempotencyKey: string;
}

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

const MAX_AMOUNT = 1_000_000_000_00;

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

export const insufficientFunds = () =>
  new HttpError(409, 'insufficient_funds', 'balance too low for this movement');

function validate(input: MovementInput): void {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw badRequest('idempotencyKey', 'idempotency key must be 1–200 characters');
  if (input.entries.length < 2) throw badRequest('entries', 'a movement needs at least two entries');
  for (const e of input.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0 || Math.abs(e.amount) > MAX_AMOUNT) {
      throw badRequest('amount', 'amounts are non-zero integer minor units');
    }
  }
  if (input.entries.reduce((s, e) => s + e.amount, 0) !== 0)
    throw badRequest('entries', 'entries must sum to zero');
}

/** The row of a movement posted at `createdAt`. */
const movementRow = (input: MovementInput, createdAt: Date) => ({
  appId: input.appId,
  idempotencyKey: input.idempotencyKey,
  type: input.type,
  userId: input.userId,
  info: input.info ?? { key: `transaction.${input.type}` },
  createdAt,
});

const ownerOf = (ref: AccountRef) => (ref.kind === 'house' ? 0 : ref.userId);
const sameEntries = (
  a: { accountId: number; amount: number }[],
  b: { accountId: number; amount: number }[],
) => {
  const key = (x: { accountId: number; amount: number }[]) =>
    x
      .map((e) => `${e.accountId}:${e.amount}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};

/** Every call the wallet service makes of the ledger's repository (the unit tests hand in an in-memory one). */
export type LedgerRepository = Pick<
  WalletRepository,
  | 'findAccount'
  | 'ensureAccount'
  | 'accountsOfOwner'
  | 'insertMovement'
  | 'findMovement'
  | 'entriesOf'
  | 'entrySum'
  | 'lockAccount'
  | 'applyToGuarded'
  | 'lockBalances'
  | 'writeBatch'
  | 'insertEntries'
  | 'entriesTotal'
  | 'audit'
>;

export function createWalletService(deps: {
  db: Db;
  clock: Clock;
  metrics?: DomainMetrics;
  /** The ledger's repository on a connection or transaction (default: SQL). */
  repository?: (db: DbOrTx) => LedgerRepository;
}) {
  const { db, clock } = deps;
  const repositoryOf = deps.repository ?? createWalletRepository;
  /**
   * Account ids and flags never change once committed, so lookups are cached; only accounts read in a
   * transaction this service committed itself are added (a caller's transaction might still roll back).
   */
  const accountCache = new Map<string, AccountRow>();
  const cacheKey = (appId: number, ref: AccountRef, currency: string) =>
    `${appId}:${ref.kind}:${ownerOf(ref)}:${currency}`;

  /** Runs in the caller's transaction when given one, else in a new one. */
  function inTransaction<T>(tx: DbOrTx | undefined, fn: (repo: LedgerRepository) => Promise<T>): Promise<T> {
    if (tx) return fn(repositoryOf(tx));
    return db.transaction((t) => fn(repositoryOf(t)));
  }

  async function resolveAccounts(repo: LedgerRepository, input: MovementInput): Promise<AccountRow[]> {
    const accounts: AccountRow[] = [];
    for (const { account } of input.entries) {
      const cached = accountCache.get(cacheKey(input.appId, account, input.currency));
      const kind: AccountKind = account.kind;
      accounts.push(
        cached ??
          (await repo.ensureAccount({
            appId: input.appId,
            kind,
            ownerId: ownerOf(account),
            currency: input.currency,
          })),
      );
    }
    return accounts;
  }

  function remember(input: MovementInput, accounts: AccountRow[]): void {
    if (accountCache.size > 100_000) accountCache.clear();
    input.entries.forEach((e, i) => {
      const row = accounts[i];
      if (row)
        accountCache.set(cacheKey(input.appId, e.account, input.currency), { ...row, balance: cents(0) });
    });
  }

  async function replay(
    repo: LedgerRepository,
    input: MovementInput,
    accounts: AccountRow[],
  ): Promise<Movement> {
    const movement = await repo.findMovement(input.appId, input.idempotencyKey);
    if (!movement) throw new Error('idempotency conflict without a stored movement');
    const entries = await repo.entriesOf(movement.id);
    const wanted = input.entries.map((e, i) => ({ accountId: accounts[i]?.id ?? 0, amount: e.amount }));
    if (movement.type !== input.type || movement.userId !== input.userId || !sameEntries(entries, wanted)) {
      throw new HttpError(
        409,
        'idempotency_conflict',
        'this idempotency key was used for a different movement',
      );
    }
    return { movement, entries, replayed: true };
  }

  /** Posts a balanced movement atomically; refuses (moving nothing) if a client account would go negative. */
  async function post(input: MovementInput, tx?: DbOrTx): Promise<Movement> {
    validate(input);
    let resolved: AccountRow[] = [];
    const result = await inTransaction(tx, async (repo) => {
      const accounts = await resolveAccounts(repo, input);
      resolved = accounts;
      const createdAt = new Date(clock.now());
      const movement = await repo.insertMovement(movementRow(input, createdAt));
      if (!movement) return replay(repo, input, accounts);
      // Lock guarded accounts in id order so two movements over the same accounts cannot deadlock.
      const order = input.entries
        .map((e, i) => ({ ...e, row: accounts[i] as AccountRow }))
        .sort((a, b) => a.row.id - b.row.id);
      const rows = [];
      for (const e of order) {
        const balanceAfter = e.row.allowNegative ? null : await repo.applyToGuarded(e.row.id, e.amount);
        if (!e.row.allowNegative && balanceAfter === null) throw insufficientFunds();
        rows.push({
          movementId: movement.id,
          accountId: e.row.id,
          amount: e.amount,
          balanceAfter,
          createdAt,
        });
      }
      return { movement, entries: await repo.insertEntries(rows), replayed: false };
    });
    if (!tx) remember(input, resolved);
    // Counted when posted (in a caller's transaction that may still roll back); a replay is not a transfer.
    if (!result.replayed) deps.metrics?.ledgerTransfer(input.type);
    return result;
  }

  /**
   * Group commit: many balanced movements in the caller's transaction, in two statements whatever their number.
   * The guarded accounts of them all are locked in id order in one statement; each movement is then checked in
   * turn against the running balances (one that would overdraw answers `insufficient_funds` and moves nothing,
   * the others go on, as if posted one after the other); then one statement writes the movements, the new balances
   * and the entries. Answers each movement's id or its error. Contra accounts (house, reseller) only get entries: no hot row. A movement whose key
   * is already posted makes the whole call throw: the caller posts that batch one movement at a time instead.
   */
  async function postMany(inputs: MovementInput[], tx: DbOrTx): Promise<(Posted | HttpError)[]> {
    const repo = repositoryOf(tx);
    const out: (Posted | HttpError)[] = [];
    const valid: { input: MovementInput; accounts: AccountRow[]; at: number }[] = [];
    for (const [at, input] of inputs.entries()) {
      try {
        validate(input);
        valid.push({ input, accounts: await resolveAccounts(repo, input), at });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        out[at] = error;
      }
    }
    const guarded = [
      ...new Set(valid.flatMap((v) => v.accounts.filter((a) => !a.allowNegative).map((a) => a.id))),
    ];
    const balances = await repo.lockBalances(guarded);
    const createdAt = new Date(clock.now());
    const posted: { input: MovementInput; at: number; entries: Omit<EntryRow, 'id' | 'movementId'>[] }[] = [];
    for (const { input, accounts, at } of valid) {
      const running = new Map(balances);
      const entries = input.entries
        .map((e, i) => ({ ...e, row: accounts[i] as AccountRow }))
        .sort((a, b) => a.row.id - b.row.id)
        .map((e) => {
          if (e.row.allowNegative)
            return { accountId: e.row.id, amount: e.amount, balanceAfter: null, createdAt };
          const after = cents((running.get(e.row.id) ?? 0) + e.amount);
          running.set(e.row.id, after);
          return { accountId: e.row.id, amount: e.amount, balanceAfter: after, createdAt };
        });
      if (entries.some((e) => e.balanceAfter !== null && e.balanceAfter < 0)) {
        out[at] = insufficientFunds();
        continue;
      }
      for (const [id, balance] of running) balances.set(id, balance);
      posted.push({ input, at, entries });
    }
    const touched = posted.flatMap((p) => p.entries.filter((e) => e.balanceAfter !== null));
    const ids = await repo.writeBatch(
      posted.map(({ input }) => movementRow(input, createdAt)),
      new Map(touched.map((e) => [e.accountId, balances.get(e.accountId) ?? cents(0)])),
      posted.flatMap(({ input, entries }) =>
        entries.map((e) => ({ ...e, appId: input.appId, idempotencyKey: input.idempotencyKey })),
      ),
    );
    // A key posted before: its movement was left out, but the balances moved; throwing rolls it all back.
    if (ids.size !== posted.length)
      throw new Error('postMany: an idempotency key was already posted; post these one by one');
    for (const { input, at } of posted) {
      out[at] = {
        movementId: ids.get(`${input.appId}:${input.idempotencyKey}`)!,
        idempotencyKey: input.idempotencyKey,
      };
      deps.metrics?.ledgerTransfer(input.type);
    }
    return out;
  }

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

  const transfer = (t: ClientTransfer, sign: 1 | -1, tx?: DbOrTx) =>
    post(movementOf(t, transferEntries(t, sign)), tx);

  /**
   * Takes `amount` back from the client's cash for the house (a resettlement reversing a paid win), never below
   * zero: what the cash cannot cover is booked on the client's `client_debt` account (negative = owed to the
   * house). One movement, in the caller's transaction, the cash row locked first; a retry of the key moves nothing.
   */
  async function clawback(t: ClientTransfer, tx: DbOrTx): Promise<{ taken: number; debt: number }> {
    const repo = repositoryOf(tx);
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
    await post(movementOf(t, entries), tx);
    return { taken, debt };
  }

  /**
   * Adds `amount` to the client's cash; a deposit or a win first repays what the client owes (`client_debt`), in
   * the same movement: cash +(amount − repaid), debt +repaid, counterparty −amount. The debt row is locked first,
   * so two credits never repay the same debt twice; a retry of the key returns the stored movement.
   */
  async function credit(t: ClientTransfer, tx?: DbOrTx): Promise<Movement> {
    if (!DEBT_REPAYING_TYPES.has(t.type)) return transfer(t, 1, tx);
    const key = { appId: t.appId, kind: 'client_debt' as const, ownerId: t.userId, currency: t.currency };
    const debtAccount = await repositoryOf(tx ?? db).findAccount(key);
    if (!debtAccount) return transfer(t, 1, tx);
    const repay = async (inTx: DbOrTx): Promise<Movement> => {
      const repo = repositoryOf(inTx);
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
      if (repaid === 0) return transfer(t, 1, inTx);
      const entries: MovementInput['entries'] = [
        { account: t.counterparty ?? { kind: 'house' }, amount: cents(-t.amount) },
        { account: { kind: 'client_debt', userId: t.userId }, amount: cents(repaid) },
      ];
      if (t.amount > repaid)
        entries.push({
          account: { kind: 'client_cash', userId: t.userId },
          amount: cents(t.amount - repaid),
        });
      return post(movementOf(t, entries), inTx);
    };
    return tx ? repay(tx) : db.transaction(repay);
  }

  return {
    post,
    clawback,
    postMany,
    /** Debits many clients' cash at once in the caller's transaction (`postMany`): per-transfer answers. */
    debitMany: (transfers: ClientTransfer[], tx: DbOrTx) =>
      postMany(
        transfers.map((t) => movementOf(t, transferEntries(t, -1))),
        tx,
      ),
    /** Adds `amount` to the client's cash from the counterparty (house by default), repaying a debt first. */
    credit,
    /** Takes `amount` from the client's cash to the counterparty; 409 insufficient_funds if too low. */
    debit: (t: ClientTransfer, tx?: DbOrTx) => transfer(t, -1, tx),

    /** Cash and bonus of a client in their currency (0 before any movement). */
    async balances(
      user: { id: number; appId: number; currencyIso: string },
      tx?: DbOrTx,
    ): Promise<{ cash: number; bonus: number }> {
      const rows = await repositoryOf(tx ?? db).accountsOfOwner(user.appId, user.id);
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
      const repo = repositoryOf(tx);
      const key = { appId: user.appId, ownerId: user.userId, currency: user.currency };
      const cash = await repo.ensureAccount({ ...key, kind: 'client_cash' });
      const bonus = await repo.ensureAccount({ ...key, kind: 'client_bonus' });
      const locked = await repo.lockBalances([cash.id, bonus.id]);
      return { cash: Number(locked.get(cash.id) ?? 0), bonus: Number(locked.get(bonus.id) ?? 0) };
    },

    /** A reseller's or the house's position: the sum of its entries (negative = money handed out). */
    async contraBalance(appId: number, ref: AccountRef, currency: string): Promise<number> {
      const repo = repositoryOf(db);
      const account = await repo.findAccount({ appId, kind: ref.kind, ownerId: ownerOf(ref), currency });
      return account ? repo.entriesTotal(account.id) : 0;
    },

    /** Invariant check for tests and operators: all entries sum to 0, cached balances equal their entries. */
    audit: (appId: number) => repositoryOf(db).audit(appId),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
