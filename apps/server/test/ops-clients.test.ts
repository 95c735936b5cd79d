import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cents } from '@sb/betting';
import {
  opsAdjustmentQueueResponseSchema,
  opsClient360Schema,
  transactionsResponseSchema,
} from '@sb/contract';
import { appCredentials, bearer, createClient, tokenRequest } from './support/accounts';
import { preMatchPicks, slipForm, type Pick } from './support/betting';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { opsSession, type OpsMethod } from './support/ops';

/**
 * Issue 35 §2, the desk's clients, on two instances (one PostgreSQL, one Redis): the search, the client 360 with
 * its logins, block / unblock (betPlace refused, history kept), notes, and manual adjustments through the ledger
 * with a second, different operator's approval above the brand's amount.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('clients from the desk (issue 35 §2)', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;
  let demo = 0;
  let picks: Pick[] = [];
  const tokens: Record<string, string> = {};
  let client = { id: 0, username: '' };
  let clientToken = '';

  const ops = (on: Instance, method: OpsMethod, url: string, who: string, payload?: object) =>
    on.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload ? { payload } : {}),
      remoteAddress: '10.35.0.2',
    });
  const page = async (on: Instance, who = 'g-finance') => {
    const res = await ops(on, 'GET', `/ops/v1/clients/${client.id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return opsClient360Schema.parse(res.json().result);
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await a.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const cash = async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(clientToken) });
    return res.json().result.user.balance as number;
  };
  const ledgerClean = async () =>
    expect(await a.modules.wallet.service.audit(demo)).toEqual({
      total: 0,
      mismatched: [],
      unbalancedMovements: 0,
    });
  const betPlace = (on: Instance, amount: number) =>
    on.app.inject({
      method: 'POST',
      url: '/api/v1/betPlace',
      headers: {
        ...bearer(clientToken),
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      payload: slipForm(1, amount, [picks[0]!]),
      remoteAddress: '203.0.113.35',
    });

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    [a, b] = shared.instances as [Instance, Instance];
    demo = (await a.modules.tenancy.service.findByHost('localhost'))!.id;
    const kartal = (await a.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    picks = await preMatchPicks(a, 1);
    const plan: [string, 'finance' | 'trader' | 'support' | 'content' | 'admin', number | null][] = [
      ['g-admin', 'admin', null],
      ['g-finance', 'finance', null],
      ['g-finance-2', 'finance', null],
      ['k-finance', 'finance', kartal],
      ['g-trader', 'trader', null],
      ['g-support', 'support', null],
      ['g-content', 'content', null],
    ];
    for (const [username, role, brandId] of plan) {
      const password = `${username}-Client-pass-2026`;
      await a.modules.ops.operators.create({ username, password, role, brandId });
      tokens[username] = await opsSession(a, username, password);
    }
    const user = await createClient(a, 'zeynep35', 'correct-horse-35');
    await a.database.db.execute(
      sql`update users set first_name = 'Zeynep', last_name = 'Kaya', email = 'zeynep.kaya@example.com' where id = ${user.id}`,
    );
    client = { id: user.id, username: user.username };
    const cred = await appCredentials(a);
    const login = await tokenRequest(
      a,
      { grant_type: 'password', ...cred, username: 'zeynep35', password: 'correct-horse-35' },
      { ip: '198.51.100.35' },
    );
    expect(login.statusCode, login.body).toBe(200);
    clientToken = login.json().access_token;
    await a.modules.wallet.service.credit({
      appId: demo,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(10_000),
      type: 'deposit',
      idempotencyKey: `deposit:${user.id}`,
    });
  }, 240_000);
  afterAll(async () => shared?.close());

  it('finds a client by username, name, e-mail, id and the addresses of their logins and bets, paged', async () => {
    expect((await betPlace(a, 100)).statusCode).toBe(200);
    const find = async (q: string, extra = '') => {
      const res = await ops(b, 'GET', `/ops/v1/clients?q=${encodeURIComponent(q)}${extra}`, 'g-support');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { id: number; matched: string; name: string; blocked: boolean }[];
    };
    for (const [q, matched] of [
      ['ZEYNEP3', 'username'],
      ['kaya', 'name'],
      ['zeynep.kaya@', 'email'],
      [String(client.id), 'id'],
      ['198.51.100.35', 'ip'],
      ['203.0.113.35', 'ip'],
    ]) {
      const found = await find(q!);
      expect(
        found.map((c) => c.id),
        q,
      ).toEqual([client.id]);
      expect(found[0]).toMatchObject({ matched, name: 'Zeynep Kaya', blocked: false });
    }
    expect(await find('nobody-by-this-name')).toEqual([]);
    // Paged: the demo clients one per page, none repeated.
    const first = await find('demo', '&limit=1&page=1');
    const second = await find('demo', '&limit=1&page=2');
    expect(first).toHaveLength(1);
    expect(second.map((c) => c.id)).not.toContain(first[0]!.id);
    const bad = await ops(a, 'GET', '/ops/v1/clients?q=demo&page=0', 'g-support');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('page');
    // A Kartal operator finds no Demo Bet client, and cannot open one.
    expect((await ops(a, 'GET', '/ops/v1/clients?q=zeynep', 'k-finance')).json().result).toEqual([]);
    expect((await ops(a, 'GET', `/ops/v1/clients/${client.id}`, 'k-finance')).statusCode).toBe(404);
  });

  it('shows the client 360: balances, lifetime stakes, bets with their desk links, logins, notes', async () => {
    const note = await ops(b, 'POST', `/ops/v1/clients/${client.id}/notes`, 'g-support', {
      text: 'Called about a late payout',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(
      (await ops(b, 'POST', `/ops/v1/clients/${client.id}/notes`, 'g-content', { text: 'x' })).statusCode,
    ).toBe(403);
    const p = await page(a);
    expect(p.client).toMatchObject({ username: 'zeynep35', name: 'Zeynep Kaya' });
    expect(p.balances.find((x) => x.kind === 'client_cash')!.balance).toBe(9_900);
    expect(p.lifetime.sportsStakes).toBe(100);
    expect(p.bets).toHaveLength(1);
    expect(p.bets[0]!.link).toBe(`/backoffice/bets/${p.bets[0]!.id}`);
    expect(p.logins[0]).toMatchObject({ ip: '198.51.100.35', endedAt: null });
    expect(p.notes.map((n) => [n.operator, n.text])).toEqual([['g-support', 'Called about a late payout']]);
    expect(p.blocked).toBeNull();
    expect(p.adjustmentApprovalAbove).toBe(100_000);
  });

  it('posts an adjustment through the ledger once per key, never below zero', async () => {
    const before = await cash();
    const body = { amount: 2_500, reason: 'goodwill credit', idempotencyKey: `adj-${randomUUID()}` };
    const first = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', body);
    const again = await ops(b, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ status: 'posted', amount: 2_500, requestedBy: 'g-finance' });
    expect(again.json().result.id).toBe(first.json().result.id);
    expect(await cash()).toBe(before + 2_500);
    // The same key with another amount is another adjustment: refused.
    const clash = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', {
      ...body,
      amount: 2_600,
    });
    expect(clash.statusCode).toBe(409);
    // A debit larger than the cash: nothing moves, nothing kept.
    const over = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', {
      amount: -(before + 2_501),
      reason: 'too much',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('insufficient_funds');
    expect(await cash()).toBe(before + 2_500);
    const debit = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', {
      amount: -500,
      reason: 'duplicate deposit',
    });
    expect(debit.json().result.status).toBe('posted');
    expect(await cash()).toBe(before + 2_000);
    // Roles: support and traders may not adjust; zero and a missing reason are 400s naming the field.
    for (const who of ['g-support', 'g-trader', 'g-content'])
      expect((await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, who, body)).statusCode).toBe(
        403,
      );
    for (const [payload, field] of [
      [{ amount: 0, reason: 'nothing' }, 'amount'],
      [{ amount: 100 }, 'reason'],
      [{ amount: 1.5, reason: 'half' }, 'amount'],
    ] as const) {
      const res = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const player = transactionsResponseSchema.parse(
      (
        await a.app.inject({
          method: 'GET',
          url: '/api/v1/user/transactions?page=1&per_page=10&_locale=en',
          headers: bearer(clientToken),
        })
      ).json(),
    );
    expect(
      player.result.transactions.slice(0, 2).map((t) => `${t.type.key}${t.type.operator}${t.amount}`),
    ).toEqual(['adjustment-500', 'adjustment+2500']);
    const audit = await rows<{ action: string; reason: string }>(
      sql`select action, reason from ops_audit_log where target = ${`client:${client.id}`} and action like 'client.adjustment%' order by id`,
    );
    expect(audit).toEqual([
      { action: 'client.adjustment', reason: 'goodwill credit' },
      { action: 'client.adjustment', reason: 'duplicate deposit' },
    ]);
    await ledgerClean();
  });

  it('holds an adjustment above the brand’s amount until a second, different operator approves it', async () => {
    const before = await cash();
    const asked = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', {
      amount: 150_000,
      reason: 'compensation for a void',
    });
    expect(asked.json().result).toMatchObject({ status: 'pending', movementId: null });
    const id = asked.json().result.id as number;
    expect(await cash()).toBe(before);
    const url = `/ops/v1/clients/${client.id}/adjustments/${id}`;
    // The approvals queue: the pending adjustment by the client's and brand's names, on either instance; the one
    // who asked is told so; another brand's finance operator does not see it; support may not read the queue.
    const queue = async (who: string, query = '?status=pending') => {
      const res = await ops(a, 'GET', `/ops/v1/adjustments${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return opsAdjustmentQueueResponseSchema.parse(res.json()).result;
    };
    const waiting = (await queue('g-finance-2')).find((x) => x.id === id);
    expect(waiting).toMatchObject({
      amount: 150_000,
      reason: 'compensation for a void',
      requestedBy: 'g-finance',
      requestedByYou: false,
      client: { id: client.id, username: 'zeynep35', name: 'Zeynep Kaya' },
      brand: { id: demo, name: 'Demo Bet' },
    });
    expect((await queue('g-finance')).find((x) => x.id === id)!.requestedByYou).toBe(true);
    expect((await queue('k-finance')).map((x) => x.id)).not.toContain(id);
    expect((await ops(b, 'GET', `/ops/v1/adjustments?brand=${demo}`, 'k-finance')).statusCode).toBe(404);
    expect((await ops(b, 'GET', '/ops/v1/adjustments', 'g-support')).statusCode).toBe(403);
    const badStatus = await ops(b, 'GET', '/ops/v1/adjustments?status=open', 'g-finance');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().field).toBe('status');
    const self = await ops(b, 'POST', `${url}/approve`, 'g-finance', {});
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('second_operator_required');
    expect((await ops(b, 'POST', `${url}/approve`, 'g-trader', {})).statusCode).toBe(403);
    expect((await ops(b, 'POST', `${url}/approve`, 'k-finance', {})).statusCode).toBe(404);
    expect(await cash()).toBe(before);
    const approved = await ops(b, 'POST', `${url}/approve`, 'g-finance-2', { reason: 'checked the void' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result).toMatchObject({ status: 'posted', decidedBy: 'g-finance-2' });
    expect(await cash()).toBe(before + 150_000);
    // Decided, it leaves the queue and is among the posted ones.
    expect((await queue('g-finance-2')).map((x) => x.id)).not.toContain(id);
    expect((await queue('g-admin', '?status=posted&limit=5'))[0]).toMatchObject({
      id,
      decidedBy: 'g-finance-2',
    });
    expect((await ops(a, 'POST', `${url}/approve`, 'g-finance-2', {})).statusCode).toBe(409);
    // A rejected one moves nothing.
    const other = await ops(a, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', {
      amount: -120_000,
      reason: 'chargeback',
    });
    const rejected = await ops(
      b,
      'POST',
      `/ops/v1/clients/${client.id}/adjustments/${other.json().result.id}/reject`,
      'g-finance-2',
      {
        reason: 'not ours',
      },
    );
    expect(rejected.json().result.status).toBe('rejected');
    expect(await cash()).toBe(before + 150_000);
    expect((await page(b)).adjustments.slice(0, 2).map((x) => x.status)).toEqual(['rejected', 'posted']);
    await ledgerClean();
  });

  it('a blocked client cannot bet (account_blocked) but logs in and sees their history; unblocked, bets again', async () => {
    expect(
      (await ops(a, 'POST', `/ops/v1/clients/${client.id}/block`, 'g-finance', { reason: 'fraud check' }))
        .statusCode,
    ).toBe(403);
    const blocked = await ops(a, 'POST', `/ops/v1/clients/${client.id}/block`, 'g-trader', {
      reason: 'fraud check',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().result.blocked).toMatchObject({ reason: 'fraud check' });
    const refused = await betPlace(b, 100);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'account_blocked' });
    const cred = await appCredentials(b);
    const again = await tokenRequest(b, {
      grant_type: 'password',
      ...cred,
      username: 'zeynep35',
      password: 'correct-horse-35',
    });
    expect(again.statusCode).toBe(200);
    const history = await b.app.inject({
      method: 'GET',
      url: '/api/v1/bets?page=1&per_page=10',
      headers: bearer(again.json().access_token),
    });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(String((await page(a)).bets[0]!.id));
    expect((await page(b)).blocked).toMatchObject({ reason: 'fraud check' });
    const unblocked = await ops(b, 'POST', `/ops/v1/clients/${client.id}/unblock`, 'g-trader', {
      reason: 'cleared',
    });
    expect(unblocked.json().result.blocked).toBeNull();
    expect((await betPlace(a, 100)).statusCode).toBe(200);
    const audit = await rows<{ action: string; reason: string; actor: string }>(
      sql`select action, reason, actor from ops_audit_log where target = ${`client:${client.id}`} and action in ('client.block', 'client.unblock') order by id`,
    );
    expect(audit).toEqual([
      { action: 'client.block', reason: 'fraud check', actor: 'g-trader' },
      { action: 'client.unblock', reason: 'cleared', actor: 'g-trader' },
    ]);
    await ledgerClean();
  });

  it('the amount needing a second operator is the brand’s, changed by an admin only', async () => {
    const patch = (who: string, amount: number) =>
      ops(a, 'PATCH', `/ops/v1/brands/${demo}`, who, { adjustmentApprovalAbove: amount });
    const refused = await patch('g-content', 500_000);
    expect(refused.statusCode).toBe(403);
    // The desk's form sends the amount unchanged with every other edit: that passes.
    expect((await patch('g-content', 100_000)).statusCode).toBe(200);
    const changed = await patch('g-admin', 500_000);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result.adjustmentApprovalAbove).toBe(500_000);
    const before = await cash();
    const direct = await ops(b, 'POST', `/ops/v1/clients/${client.id}/adjustments`, 'g-finance', {
      amount: 150_000,
      reason: 'under the new amount',
    });
    expect(direct.json().result.status).toBe('posted');
    expect(await cash()).toBe(before + 150_000);
    expect((await page(b)).adjustmentApprovalAbove).toBe(500_000);
    expect((await patch('g-admin', 100_000)).statusCode).toBe(200);
    await ledgerClean();
  });
});
