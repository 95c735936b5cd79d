import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands';
import { bearer, login } from './support/accounts';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('operator commands: clients, resellers, money, sessions', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend);
  });
  afterAll(async () => server?.close());

  async function run(name: string, flags: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const command = COMMANDS[name];
    if (!command) throw new Error(`no command ${name}`);
    await command.run(server.modules, flags, (line) => lines.push(line));
    return lines;
  }

  it('creates a reseller and a client, deposits and withdraws through the reseller, lists balances', async () => {
    await run('reseller:create', { username: 'bayi2', password: 'bayi-pass-2026', app: 'kartal.localhost' });
    await run('client:create', {
      username: 'ali',
      password: 'ali-pass-2026',
      app: 'kartal.localhost',
      reseller: 'bayi2',
      first: 'Ali',
      last: 'Veli',
    });
    expect(
      await run('client:credit', {
        username: 'ali',
        amount: '250.00',
        app: 'kartal.localhost',
        key: 'dep-1',
      }),
    ).toEqual([expect.stringMatching(/^credited movement \d+; ali balance 250\.00 TRY$/)]);
    expect(
      (
        await run('client:credit', {
          username: 'ali',
          amount: '250.00',
          app: 'kartal.localhost',
          key: 'dep-1',
        })
      )[0],
    ).toMatch(/^already done/);
    await run('client:debit', { username: 'ali', amount: '100', app: 'kartal.localhost' });
    await expect(
      run('client:debit', { username: 'ali', amount: '1000', app: 'kartal.localhost' }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    const list = await run('client:list', { app: 'kartal.localhost' });
    const kartal = await server.modules.tenancy.service.findByHost('kartal.localhost');
    const ali = await server.modules.identity.service.findUser(kartal?.id ?? 0, 'ali');
    expect(list).toContain(`${ali?.id}\tclient\tali\tAli Veli\t150.00 TRY\t0.00 TRY`);
    expect(list.some((l) => /\treseller\tbayi2\t.*net -150\.00 TRY/.test(l))).toBe(true);
    expect((await run('ledger:audit', { app: 'kartal.localhost' }))[0]).toMatch(
      /entries total 0; unbalanced movements 0; mismatched accounts none/,
    );
  });

  it('refuses a weak password, a duplicate username and an unknown app', async () => {
    await expect(run('client:create', { username: 'weak', password: 'password1' })).rejects.toMatchObject({
      field: 'password',
    });
    await expect(
      run('client:create', { username: 'demo', password: 'another-pass-1' }),
    ).rejects.toMatchObject({ field: 'username' });
    await expect(run('client:list', { app: 'nowhere.example' })).rejects.toThrow(/no app/);
  });

  it('revokes every session of a client', async () => {
    const { access_token } = await login(server, 'demo', 'demo-pass-2026');
    expect(await run('client:revoke', { username: 'demo' })).toEqual(['revoked 1 session(s) of demo']);
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(401);
  });
});
