import { cents } from '@sb/betting';
import type { WalletBetRequest, WalletResponse, WalletRollbackRequest, WalletWinRequest } from '@sb/contract';
import type { Db, DbOrTx } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { Movement, WalletService } from '../../wallet/index';
import { asRefusal, refusals, type WalletRefusal } from './wallet-refusals';
import {
  createPlatformRepository,
  type PlatformRepository,
  type SessionRow,
  type WalletTxRow,
} from './platform.repository';

export interface SeamlessWalletDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /** Responsible-gambling check, called after the debit in its transaction (403 when over a limit). */
  assertCanStake: (userId: number, amount: number, tx?: DbOrTx) => Promise<void>;
  /** The game's name for the transactions list (read in the request's transaction: PGlite has one connection). */
  gameName: (gameId: number, tx: DbOrTx) => Promise<string>;
}

/** The client's cash after a movement: the house side is unguarded, so the one guarded entry is the client's. */
/** The cash balance a movement left, null when it did not touch the cash (a win that all went to a debt). */
const cashAfter = (movement: Movement) =>
  movement.entries.find((e) => e.balanceAfter !== null)?.balanceAfter ?? null;

/**
 * The seamless-wallet contract the games call, modelled on Hub88's operator API: `bet` debits, `win` credits
 * against a bet, `rollback` gives a bet back. Each request carries a unique transaction id; a repeated id gets the
 * first answer and moves nothing again. Every movement is a ledger transaction (casino_stake, casino_payout,
 * casino_refund). A game hosted here may pass its own database transaction (a slot round is written, debited and
 * paid atomically); refusals then throw `WalletRefusal` so that transaction rolls back. Without one, refusals are
 * recorded and answered like any other answer, as an aggregator would see them.
 */
export function createSeamlessWallet(deps: SeamlessWalletDeps) {
  const rollback = (req: WalletRollbackRequest, tx?: DbOrTx) =>
    run(deps, 'rollback', req, (t, r) => closeIn(deps, t, 'rollback', r), tx);
  return {
    bet: (req: WalletBetRequest, tx?: DbOrTx) => run(deps, 'bet', req, (t, r) => betIn(deps, t, r), tx),
    win: (req: WalletWinRequest, tx?: DbOrTx) =>
      run(deps, 'win', req, (t, r) => closeIn(deps, t, 'win', r), tx),
    rollback,
    /** Bets no game closed within `olderThanMs` are rolled back (a game that crashed or an aggregator that went away). */
    rollbackStale: (olderThanMs: number, limit = 100) => rollbackStale(deps, rollback, olderThanMs, limit),
  };
}

/** Bets no game closed within `olderThanMs` are rolled back (a game that crashed or an aggregator that went away). */
async function rollbackStale(
  deps: SeamlessWalletDeps,
  rollback: (req: WalletRollbackRequest) => Promise<WalletResponse>,
  olderThanMs: number,
  limit: number,
): Promise<number> {
  const open = await createPlatformRepository(deps.db).openBets(
    new Date(deps.clock.now() - olderThanMs),
    limit,
  );
  for (const bet of open)
    await rollback({
      transaction_uuid: `${bet.uuid}:stale-rollback`.slice(-100),
      reference_transaction_uuid: bet.uuid,
      session: bet.sessionId,
      round: bet.round,
    });
  return open.length;
}

/** The request's session: a real-money one, still open (else a session refusal). */
async function realSession(repo: PlatformRepository, id: string): Promise<SessionRow & { userId: number }> {
  const session = await repo.session(id);
  if (!session || session.demo || session.userId === null || session.endedAt) throw refusals.session();
  return session as SessionRow & { userId: number };
}

/** The client's cash, read in the transaction given. */
const balanceOf = async (deps: SeamlessWalletDeps, session: SessionRow & { userId: number }, tx: DbOrTx) =>
  (
    await deps.wallet.balances(
      { id: session.userId, appId: session.appId, currencyIso: session.currency },
      tx,
    )
  ).cash;

/** A stored answer for a repeated id, if the request is the same one. */
function replay(
  row: WalletTxRow,
  kind: WalletTxRow['kind'],
  round: string,
  amount: number | null,
): WalletResponse {
  if (row.kind !== kind || row.round !== round || (amount !== null && row.amount !== amount))
    throw refusals.duplicate();
  return row.response as WalletResponse;
}

/** Stores the answer under the request's id; a concurrent repeat that committed first answers instead. */
async function record(
  deps: SeamlessWalletDeps,
  repo: PlatformRepository,
  session: SessionRow & { userId: number },
  row: {
    uuid: string;
    kind: WalletTxRow['kind'];
    round: string;
    referenceUuid: string | null;
    amount: number;
  },
  response: WalletResponse,
): Promise<WalletResponse> {
  const inserted = await repo.insertWalletTx({
    ...row,
    sessionId: session.id,
    appId: session.appId,
    userId: session.userId,
    currency: session.currency,
    status: response.status,
    response,
    createdAt: new Date(deps.clock.now()),
  });
  if (inserted) return response;
  const winner = await repo.walletTx(row.uuid);
  if (!winner) throw new Error('wallet transaction conflict without a stored row');
  return replay(winner, row.kind, row.round, row.amount);
}

/** A bet: the stake debited and the limits checked in the transaction, the answer stored. */
async function betIn(deps: SeamlessWalletDeps, tx: DbOrTx, req: WalletBetRequest): Promise<WalletResponse> {
  const repo = createPlatformRepository(tx);
  const previous = await repo.walletTx(req.transaction_uuid);
  if (previous) return replay(previous, 'bet', req.round, req.amount);
  const session = await realSession(repo, req.session);
  if (session.currency !== req.currency) throw refusals.currency();
  const transfer = {
    appId: session.appId,
    userId: session.userId,
    currency: session.currency,
    amount: cents(req.amount),
    idempotencyKey: `casino:${req.transaction_uuid}`,
  };
  const game = await deps.gameName(session.gameId, tx);
  const movement = await deps.wallet.debit(
    { ...transfer, type: 'casino_stake', info: { key: 'casino.transaction.bet', params: { game } } },
    tx,
  );
  // Race-free: the stake is already debited in this transaction (see limits.service assertCanStake).
  await deps.assertCanStake(session.userId, 0, tx);
  const response: WalletResponse = {
    status: 'RS_OK',
    transaction_uuid: req.transaction_uuid,
    balance: cashAfter(movement) ?? 0,
    currency: session.currency,
  };
  const row = {
    uuid: req.transaction_uuid,
    kind: 'bet' as const,
    round: req.round,
    referenceUuid: null,
    amount: req.amount,
  };
  return record(deps, repo, session, row, response);
}

/** Win and rollback: both close an open bet exactly once, on its locked row. */
async function closeIn(
  deps: SeamlessWalletDeps,
  tx: DbOrTx,
  kind: 'win' | 'rollback',
  req: WalletWinRequest | WalletRollbackRequest,
): Promise<WalletResponse> {
  const repo = createPlatformRepository(tx);
  const amountAsked = 'amount' in req ? req.amount : null;
  const previous = await repo.walletTx(req.transaction_uuid);
  if (previous) return replay(previous, kind, req.round, amountAsked);
  const bet = await repo.lockWalletTx(req.reference_transaction_uuid);
  if (
    !bet ||
    bet.kind !== 'bet' ||
    bet.status !== 'RS_OK' ||
    bet.sessionId !== req.session ||
    bet.round !== req.round
  )
    throw refusals.unknownBet();
  // A repeat of this very request may have committed while we waited for the lock.
  const repeated = await repo.walletTx(req.transaction_uuid);
  if (repeated) return replay(repeated, kind, req.round, amountAsked);
  if (bet.closedBy)
    throw (await repo.walletTx(bet.closedBy))?.kind === 'rollback'
      ? refusals.rolledBack()
      : refusals.closed();
  if ('currency' in req && req.currency !== bet.currency) throw refusals.currency();
  const session = await realSessionForClose(repo, bet);
  const amount = cents(kind === 'win' ? (amountAsked ?? 0) : bet.amount);
  let balance: number;
  if (amount > 0) {
    const game = await deps.gameName(session.gameId, tx);
    const movement = await deps.wallet.credit(
      {
        appId: session.appId,
        userId: session.userId,
        currency: session.currency,
        amount,
        type: kind === 'win' ? 'casino_payout' : 'casino_refund',
        idempotencyKey: `casino:${req.transaction_uuid}`,
        info: {
          key: kind === 'win' ? 'casino.transaction.win' : 'casino.transaction.refund',
          params: { game },
        },
      },
      tx,
    );
    // A win that all went to repay a debt moved no cash: the balance is what it was.
    balance = cashAfter(movement) ?? (await balanceOf(deps, session, tx));
  } else balance = await balanceOf(deps, session, tx);
  await repo.closeBet(bet.uuid, req.transaction_uuid);
  const response: WalletResponse = {
    status: 'RS_OK',
    transaction_uuid: req.transaction_uuid,
    balance,
    currency: session.currency,
  };
  const row = { uuid: req.transaction_uuid, kind, round: req.round, referenceUuid: bet.uuid, amount };
  return record(deps, repo, session, row, response);
}

/** A bet's session for closing it: an ended session still gets its win or refund. */
async function realSessionForClose(repo: PlatformRepository, bet: WalletTxRow) {
  const session = await repo.session(bet.sessionId);
  if (!session || session.userId === null) throw refusals.unknownBet();
  return session as SessionRow & { userId: number };
}

/** Runs a request in the caller's transaction (refusals throw) or alone (refusals are recorded and answered). */
async function run<R extends { transaction_uuid: string; session: string; round: string }>(
  deps: SeamlessWalletDeps,
  kind: WalletTxRow['kind'],
  req: R,
  fn: (tx: DbOrTx, req: R) => Promise<WalletResponse>,
  tx?: DbOrTx,
): Promise<WalletResponse> {
  if (tx) {
    try {
      return await fn(tx, req);
    } catch (error) {
      throw asRefusal(error) ?? error;
    }
  }
  try {
    return await deps.db.transaction((t) => fn(t, req));
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return recordRefusal(deps, kind, req, refusal);
  }
}

/** A refusal answered with the client's balance, and recorded when there is a client to record it for. */
async function recordRefusal(
  deps: SeamlessWalletDeps,
  kind: WalletTxRow['kind'],
  req: { transaction_uuid: string; session: string; round: string },
  refusal: WalletRefusal,
): Promise<WalletResponse> {
  const repo = createPlatformRepository(deps.db);
  const session = await repo.session(req.session);
  const real =
    session && !session.demo && session.userId !== null ? (session as SessionRow & { userId: number }) : null;
  const response: WalletResponse = {
    status: refusal.status,
    transaction_uuid: req.transaction_uuid,
    balance: real ? await balanceOf(deps, real, deps.db) : 0,
    currency: session?.currency ?? '',
    reason: refusal.code,
  };
  // A refusal about an unknown session has no one to record it for; the same request gets the same answer anyway.
  if (!real || refusal.status === 'RS_ERROR_DUPLICATE_TRANSACTION') return response;
  const amount = 'amount' in req && typeof req.amount === 'number' ? req.amount : 0;
  return record(
    deps,
    repo,
    real,
    { uuid: req.transaction_uuid, kind, round: req.round, referenceUuid: null, amount },
    response,
  );
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
