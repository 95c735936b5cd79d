import { cents } from '@sb/betting';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SlotRound } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { auditClean, cash, fundedClient, gameOf, launch, sessionOf, spin } from './support/casino';

/** The seamless-wallet contract (Hub88 model): bet, win, rollback, idempotency, concurrency. */
describeEachBackend('casino seamless wallet', (backend) => {
  let server: TestServer;
  const contract = () => server.modules.casino.wallet;
  const uuid = () => randomUUID();

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CASINO_PLAYS_PER_MINUTE: 10_000 } });
  });
  afterAll(async () => server?.close());

  async function session(name: string, cents: number) {
    const { token } = await fundedClient(server, name, cents);
    const game = await gameOf(server, false);
    return { token, game, session: await launch(server, game, token) };
  }

  it('bets, wins and answers a repeated transaction id with the first answer, moving money once', async () => {
    const s = await session('hub-bet', 10_000);
    const bet = {
      transaction_uuid: uuid(),
      session: s.session,
      round: 'r-1',
      game_code: s.game.extended_id,
      currency: 'TRY',
      amount: 1_500,
    };
    const first = await contract().bet(bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 8_500, currency: 'TRY' });
    expect(await contract().bet(bet)).toEqual(first);
    expect(await cash(server, s.token)).toBe(8_500);

    const win = {
      transaction_uuid: uuid(),
      reference_transaction_uuid: bet.transaction_uuid,
      session: s.session,
      round: 'r-1',
      currency: 'TRY',
      amount: 4_000,
    };
    const paid = await contract().win(win);
    expect(paid).toMatchObject({ status: 'RS_OK', balance: 12_500 });
    expect(await contract().win(win)).toEqual(paid);
    expect(await cash(server, s.token)).toBe(12_500);
    // A second, different win on the same bet: the round is closed.
    expect((await contract().win({ ...win, transaction_uuid: uuid() })).status).toBe('RS_ERROR_ROUND_CLOSED');
    // Reusing an id for another request is refused.
    expect((await contract().bet({ ...bet, amount: 1 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await cash(server, s.token)).toBe(12_500);
    await auditClean(server);
  });

  it('rolls back a bet the game could not finish, once; a win after it is refused', async () => {
    const s = await session('hub-rollback', 10_000);
    const bet = {
      transaction_uuid: uuid(),
      session: s.session,
      round: 'r-2',
      game_code: s.game.extended_id,
      currency: 'TRY',
      amount: 2_000,
    };
    await contract().bet(bet);
    const rollback = {
      transaction_uuid: uuid(),
      reference_transaction_uuid: bet.transaction_uuid,
      session: s.session,
      round: 'r-2',
    };
    const back = await contract().rollback(rollback);
    expect(back).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await contract().rollback(rollback)).toEqual(back);
    expect((await contract().rollback({ ...rollback, transaction_uuid: uuid() })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    const late = {
      transaction_uuid: uuid(),
      reference_transaction_uuid: bet.transaction_uuid,
      session: s.session,
      round: 'r-2',
      currency: 'TRY',
      amount: 9_000,
    };
    expect((await contract().win(late)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await cash(server, s.token)).toBe(10_000);
    const tx = (
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/user/transactions',
        headers: { authorization: `Bearer ${s.token}`, host: 'localhost' },
      })
    ).json().result.transactions;
    expect(tx.map((t: { type: { key: string } }) => t.type.key)).toEqual([
      'casino_refund',
      'casino_stake',
      'deposit',
    ]);
    await auditClean(server);
  });

  it('refuses a win or rollback of an unknown bet, and a bet over the balance, moving nothing', async () => {
    const s = await session('hub-unknown', 1_000);
    const ghost = {
      transaction_uuid: uuid(),
      reference_transaction_uuid: uuid(),
      session: s.session,
      round: 'r-3',
      currency: 'TRY',
      amount: cents(5_000),
    };
    expect((await contract().win(ghost)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const rollbackGhost = {
      transaction_uuid: uuid(),
      reference_transaction_uuid: uuid(),
      session: s.session,
      round: 'r-3',
    };
    expect((await contract().rollback(rollbackGhost)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // The refused win is the answer of its id: the same id as a rollback is another request.
    expect(
      (await contract().rollback({ ...rollbackGhost, transaction_uuid: ghost.transaction_uuid })).status,
    ).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const big = {
      transaction_uuid: uuid(),
      session: s.session,
      round: 'r-3',
      game_code: s.game.extended_id,
      currency: 'TRY',
      amount: 1_001,
    };
    const refused = await contract().bet(big);
    expect(refused).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      reason: 'insufficient_funds',
      balance: 1_000,
    });
    // The refusal is the first answer of that id, also after the balance would allow it.
    await server.modules.wallet.service.credit({
      appId: (await server.modules.tenancy.service.findByHost('localhost'))!.id,
      userId: (
        await server.modules.identity.service.listUsers(
          (await server.modules.tenancy.service.findByHost('localhost'))!.id,
        )
      ).find((u) => u.username === 'hub-unknown')!.id,
      currency: 'TRY',
      amount: cents(5_000),
      type: 'deposit',
      idempotencyKey: 'hub-unknown-topup',
    });
    expect((await contract().bet(big)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect((await contract().bet({ ...big, currency: 'EUR', transaction_uuid: uuid() })).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await cash(server, s.token)).toBe(6_000);
    // A demo session can never reach the ledger.
    const demo = await launch(server, s.game, null);
    expect((await contract().bet({ ...big, transaction_uuid: uuid(), session: demo })).status).toBe(
      'RS_ERROR_INVALID_SESSION',
    );
    await auditClean(server);
  });

  it('rolls back bets nobody closed in time', async () => {
    const s = await session('hub-stale', 5_000);
    const bet = {
      transaction_uuid: uuid(),
      session: s.session,
      round: 'r-4',
      game_code: s.game.extended_id,
      currency: 'TRY',
      amount: 700,
    };
    await contract().bet(bet);
    expect(await cash(server, s.token)).toBe(4_300);
    expect(await contract().rollbackStale(60 * 60_000)).toBe(0);
    const rolled = await contract().rollbackStale(-1);
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(await cash(server, s.token)).toBe(5_000);
    await auditClean(server);
  });

  it('never overdraws with many concurrent spins, and every round is paid exactly', async () => {
    const s = await session('racer', 2_000);
    const stakes = (await sessionOf(server, s.session, s.token)).stakes;
    const stake = stakes.find((x) => x >= 200)!;
    const results = await Promise.all(
      Array.from({ length: 24 }, () => spin(server, s.session, s.token, stake)),
    );
    const played = results.filter((r) => r.statusCode === 200).map((r) => r.json().result.round as SlotRound);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json().error).toBe('insufficient_funds');
    expect(played.length).toBeGreaterThanOrEqual(Math.floor(2_000 / stake));
    const final = await cash(server, s.token);
    expect(final).toBe(2_000 - played.length * stake + played.reduce((sum, r) => sum + r.win, 0));
    expect(final).toBeGreaterThanOrEqual(0);
    await auditClean(server);
  });
});
