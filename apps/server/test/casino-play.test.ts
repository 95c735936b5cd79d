import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GameSessionResponse, SlotRound, Transaction } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer } from './support/accounts';
import { auditClean, cash, fundedClient, gameOf, launch, sessionOf, spin } from './support/casino';

/** Playnow, game sessions and slot rounds through the seamless wallet, demo play and abuse. */
describeEachBackend('casino play', (backend) => {
  let server: TestServer;
  const get = (url: string, headers: Record<string, string> = { host: 'localhost' }) =>
    server.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CASINO_PLAYS_PER_MINUTE: 1_000 } });
  });
  afterAll(async () => server?.close());

  it('playnow checks the token, opens a session and redirects to the game page', async () => {
    const { token } = await fundedClient(server, 'launcher', 10_000);
    const game = await gameOf(server, false);
    const res = await get(
      `/api/v1/casino/playnow?mobile=1&gameId=${game.extended_id}&access_token=${token}&locale=tr`,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/tr\/play\/[\w-]{22}$/);
    // Without a token (and without demo) the player is told to log in; a bad token is refused too.
    for (const query of ['', '&access_token=not-a-real-token-123456']) {
      const refused = await get(`/api/v1/casino/playnow?mobile=1&gameId=${game.extended_id}${query}`);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe('unauthorized');
    }
    expect(
      (await get(`/api/v1/casino/playnow?mobile=1&gameId=no-such-game&access_token=${token}`)).statusCode,
    ).toBe(404);
    const missing = await get('/api/v1/casino/playnow?mobile=1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('gameId');
    // A token of another app's client is not valid here.
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/casino/playnow?gameId=${game.extended_id}&access_token=${token}`,
          headers: { host: 'kartal.localhost' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('describes the session: game, balance, stakes, slot layout with RTP and volatility', async () => {
    const { token } = await fundedClient(server, 'viewer', 12_345);
    const game = await gameOf(server, false, 3);
    const id = await launch(server, game, token);
    const res = await get(`/api/v1/casino/sessions/${id}`, bearer(token));
    expect(res.statusCode).toBe(200);
    const { session, slot } = (res.json() as GameSessionResponse).result;
    expect(session).toMatchObject({ id, kind: 'slot', demo: false, balance: 12_345, endedAt: null });
    expect(session.game.rtp).toBe(game.rtp);
    expect(session.stakes).toContain(session.defaultStake);
    expect(slot!.reels).toBe(5);
    expect(slot!.lines.length).toBeGreaterThanOrEqual(10);
    expect(slot!.symbols.filter((s) => s.kind === 'wild')).toHaveLength(1);
  });

  it('plays spins through the wallet: balance = start − stakes + wins, every movement in the transactions', async () => {
    const start = 50_000;
    const { token } = await fundedClient(server, 'spinner', start);
    const game = await gameOf(server, false);
    const id = await launch(server, game, token);
    const stake = (await get(`/api/v1/casino/sessions/${id}`, bearer(token))).json().result.session
      .defaultStake as number;
    let staked = 0;
    let won = 0;
    let rounds = 0;
    while (rounds < 5 || won === 0) {
      const res = await spin(server, id, token, stake);
      expect(res.statusCode, res.body).toBe(200);
      const round = res.json().result.round as SlotRound;
      staked += round.stake;
      won += round.win;
      rounds++;
      expect(round.balanceAfter).toBe(start - staked + won);
      expect(round.win).toBe(round.spins.reduce((s, x) => s + x.win, 0));
      if (rounds > 300) throw new Error('no win in 300 spins');
    }
    expect(await cash(server, token)).toBe(start - staked + won);
    const history = (await get(`/api/v1/casino/sessions/${id}/rounds`, bearer(token))).json().result.rounds;
    expect(history.length).toBe(Math.min(rounds, 20));
    const tx = (await get('/api/v1/user/transactions?per_page=100', bearer(token))).json().result
      .transactions as Transaction[];
    const bets = tx.filter((t) => t.type.key === 'casino_stake');
    const wins = tx.filter((t) => t.type.key === 'casino_payout');
    expect(bets).toHaveLength(rounds);
    expect(bets.reduce((s, t) => s + t.amount, 0)).toBe(staked);
    expect(wins.reduce((s, t) => s + t.amount, 0)).toBe(won);
    expect(bets[0]!.info).toBe(`Casino bet · ${game.name}`);
    const tr = (await get('/api/v1/user/transactions?per_page=100&_locale=tr', bearer(token))).json().result
      .transactions as Transaction[];
    expect(tr.find((t) => t.type.key === 'casino_payout')!.info).toBe(`Casino kazancı · ${game.name}`);
    await auditClean(server);
  });

  it('answers a repeated round key with the first round and moves money once', async () => {
    const { token } = await fundedClient(server, 'twotabs', 10_000);
    const id = await launch(server, await gameOf(server, false), token);
    const stake = (await sessionOf(server, id, token)).stakes[0]!;
    const key = randomUUID();
    const [a, b] = await Promise.all([
      spin(server, id, token, stake, key),
      spin(server, id, token, stake, key),
    ]);
    expect(a.json().result.round.id).toBe(b.json().result.round.id);
    const again = await spin(server, id, token, stake, key);
    expect(again.json().result.round.id).toBe(a.json().result.round.id);
    expect(await cash(server, token)).toBe(10_000 - stake + (a.json().result.round.win as number));
  });

  it('refuses tampered stakes, stakes over the balance or the limits, with nothing moved', async () => {
    const { token } = await fundedClient(server, 'tamperer', 1_000);
    const id = await launch(server, await gameOf(server, false), token);
    const odd = await spin(server, id, token, 123);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().field).toBe('stake');
    expect((await spin(server, id, token, -5)).json().field).toBe('stake');
    const stakes = (await get(`/api/v1/casino/sessions/${id}`, bearer(token))).json().result.session
      .stakes as number[];
    const tooMuch = await spin(
      server,
      id,
      token,
      stakes.find((s) => s > 1_000)!,
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('insufficient_funds');
    expect(await cash(server, token)).toBe(1_000);

    const limited = await fundedClient(server, 'limited', 100_000);
    await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/limits',
      headers: bearer(limited.token),
      payload: { limits: [{ type: 'stake', period: 'day', amount: 500 }] },
    });
    const lid = await launch(server, await gameOf(server, false), limited.token);
    const over = await spin(
      server,
      lid,
      limited.token,
      stakes.find((s) => s > 500)!,
    );
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe('stake_limit_exceeded');
    expect(await cash(server, limited.token)).toBe(100_000);

    await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/time-out',
      headers: bearer(limited.token),
      payload: { hours: 24 },
    });
    const paused = await spin(server, lid, limited.token, stakes[0]!);
    expect(paused.json().error).toBe('timed_out');
    expect(await cash(server, limited.token)).toBe(100_000);
    await auditClean(server);
  });

  it("refuses forged and other clients' sessions, and real sessions without a token", async () => {
    const owner = await fundedClient(server, 'owner', 10_000);
    const thief = await fundedClient(server, 'thief', 10_000);
    const id = await launch(server, await gameOf(server, false), owner.token);
    const stake = (await sessionOf(server, id, owner.token)).stakes[0]!;
    const stolen = await spin(server, id, thief.token, stake);
    expect(stolen.statusCode).toBe(404);
    expect((await get(`/api/v1/casino/sessions/${id}`, bearer(thief.token))).statusCode).toBe(404);
    expect((await get(`/api/v1/casino/sessions/${id}/rounds`, bearer(thief.token))).statusCode).toBe(404);
    expect((await spin(server, id, null, stake)).statusCode).toBe(401);
    expect((await spin(server, 'A'.repeat(22), owner.token, stake)).statusCode).toBe(404);
    const bad = await spin(server, 'short', owner.token, stake);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sessionId');
    expect(await cash(server, owner.token)).toBe(10_000);
    expect(await cash(server, thief.token)).toBe(10_000);
  });

  it('plays demo without login on fun money, never touching the ledger', async () => {
    const app = await server.modules.tenancy.service.findByHost('localhost');
    const before = await server.modules.wallet.service.audit(app!.id);
    const game = await gameOf(server, false, 1);
    const id = await launch(server, game, null);
    const view = (await get(`/api/v1/casino/sessions/${id}`)).json().result.session;
    expect(view).toMatchObject({ demo: true, balance: 100_000, currency: { iso_code: 'FUN' } });
    let balance = view.balance as number;
    for (let i = 0; i < 5; i++) {
      const round = (await spin(server, id, null, view.defaultStake)).json().result.round as SlotRound;
      balance = balance - round.stake + round.win;
      expect(round.balanceAfter).toBe(balance);
    }
    expect((await get(`/api/v1/casino/sessions/${id}`)).json().result.session.balance).toBe(balance);
    expect(await server.modules.wallet.service.audit(app!.id)).toEqual(before);
  });

  it('ends a session: no more spins on it', async () => {
    const { token } = await fundedClient(server, 'quitter', 5_000);
    const id = await launch(server, await gameOf(server, false), token);
    const stake = (await sessionOf(server, id, token)).stakes[0]!;
    const end = await server.app.inject({
      method: 'POST',
      url: `/api/v1/casino/sessions/${id}/end`,
      headers: bearer(token),
    });
    expect(end.statusCode).toBe(204);
    const after = await spin(server, id, token, stake);
    expect(after.statusCode).toBe(410);
    expect(after.json().error).toBe('session_ended');
  });
});

describeEachBackend('casino spin rate limit', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CASINO_PLAYS_PER_MINUTE: 3 } });
  });
  afterAll(async () => server?.close());

  it('limits spins per player (demo: per address), without moving money for the refused ones', async () => {
    const id = await launch(server, await gameOf(server, false), null);
    const stake = (await sessionOf(server, id, null)).stakes[0]!;
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await spin(server, id, null, stake)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect((await sessionOf(server, id, null)).balance).toBeGreaterThan(0);
    // A new session of the same visitor shares the allowance (not per session or token) …
    const other = await launch(server, await gameOf(server, false), null);
    const refused = await spin(server, other, null, stake);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // … while another address has its own.
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: `/api/v1/casino/sessions/${other}/spin`,
      headers: { host: 'localhost' },
      remoteAddress: '10.77.0.1',
      payload: { stake, roundKey: randomUUID() },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
