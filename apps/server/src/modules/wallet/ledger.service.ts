// Ledger posting, the wallet's first half: balanced movements written atomically (one at a time, or a batch in two
// statements), idempotent under their key, never overdrawing a guarded account. What the movements mean for a
// client (transfers, debt, clawback, balances) is wallet.service.ts.
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

const MAX_AMOUNT = 1_000_000_000_00;

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

export const ownerOf = (ref: AccountRef) => (ref.kind === 'house' ? 0 : ref.userId);
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

export interface LedgerDeps {
  db: Db;
  clock: Clock;
  metrics?: DomainMetrics;
  /** The ledger's repository on a connection or transaction (default: SQL). */
  repository?: (db: DbOrTx) => LedgerRepository;
}

/** The accounts of movements, by reference: looked up (or opened) once, then cached. */
function createAccounts() {
  /**
   * Account ids and flags never change once committed, so lookups are cached; only accounts read in a
   * transaction this service committed itself are added (a caller's transaction might still roll back).
   */
  const accountCache = new Map<string, AccountRow>();
  const cacheKey = (appId: number, ref: AccountRef, currency: string) =>
    `${appId}:${ref.kind}:${ownerOf(ref)}:${currency}`;

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

  return { resolveAccounts, remember };
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

/** What posting needs of the ledger: its clock and metrics, its repository, the accounts of a movement. */
interface Posting {
  clock: Clock;
  metrics?: DomainMetrics;
  repositoryOf: (db: DbOrTx) => LedgerRepository;
  resolveAccounts: (repo: LedgerRepository, input: MovementInput) => Promise<AccountRow[]>;
}

/** The ledger: `post` one balanced movement, `postMany` a batch in the caller's transaction. */
export function createLedger(deps: LedgerDeps) {
  const { db, clock } = deps;
  const repositoryOf = deps.repository ?? createWalletRepository;
  const { resolveAccounts, remember } = createAccounts();

  /** Runs in the caller's transaction when given one, else in a new one. */
  function inTransaction<T>(tx: DbOrTx | undefined, fn: (repo: LedgerRepository) => Promise<T>): Promise<T> {
    if (tx) return fn(repositoryOf(tx));
    return db.transaction((t) => fn(repositoryOf(t)));
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

  const posting: Posting = { clock, metrics: deps.metrics, repositoryOf, resolveAccounts };
  return {
    repositoryOf,
    post,
    postMany: (inputs: MovementInput[], tx: DbOrTx) => postMany(posting, inputs, tx),
  };
}
export type Ledger = ReturnType<typeof createLedger>;

/** The movements of a batch that are valid, with their accounts; each invalid one's error goes to `out`. */
async function validBatch(
  ledger: Posting,
  repo: LedgerRepository,
  inputs: MovementInput[],
  out: (Posted | HttpError)[],
) {
  const valid: { input: MovementInput; accounts: AccountRow[]; at: number }[] = [];
  for (const [at, input] of inputs.entries()) {
    try {
      validate(input);
      valid.push({ input, accounts: await ledger.resolveAccounts(repo, input), at });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      out[at] = error;
    }
  }
  return valid;
}

/**
 * Group commit: many balanced movements in the caller's transaction, in two statements whatever their number.
 * The guarded accounts of them all are locked in id order in one statement; each movement is then checked in
 * turn against the running balances (one that would overdraw answers `insufficient_funds` and moves nothing,
 * the others go on, as if posted one after the other); then one statement writes the movements, the new balances
 * and the entries. Answers each movement's id or its error. Contra accounts (house, reseller) only get entries: no hot row. A movement whose key
 * is already posted makes the whole call throw: the caller posts that batch one movement at a time instead.
 */
async function postMany(
  ledger: Posting,
  inputs: MovementInput[],
  tx: DbOrTx,
): Promise<(Posted | HttpError)[]> {
  const repo = ledger.repositoryOf(tx);
  const out: (Posted | HttpError)[] = [];
  const valid = await validBatch(ledger, repo, inputs, out);
  const guarded = [
    ...new Set(valid.flatMap((v) => v.accounts.filter((a) => !a.allowNegative).map((a) => a.id))),
  ];
  const balances = await repo.lockBalances(guarded);
  const createdAt = new Date(ledger.clock.now());
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
    ledger.metrics?.ledgerTransfer(input.type);
  }
  return out;
}
