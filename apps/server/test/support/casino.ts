// Helpers for casino tests: funded clients, launching games through playnow, spins and ledger checks.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { cents } from '@sb/betting';
import type { CasinoGame } from '@sb/contract';
import type { TestServer } from './server';
import { bearer, createClient, login } from './accounts';

export async function fundedClient(server: TestServer, name: string, amount: number, host = 'localhost') {
  const user = await createClient(server, name, `${name}-secret-2026`, host);
  if (amount > 0)
    await server.modules.wallet.service.credit({
      appId: user.appId,
      userId: user.id,
      currency: user.currencyIso,
      amount: cents(amount),
      type: 'deposit',
      idempotencyKey: `fund:${name}`,
    });
  const token = (await login(server, name, `${name}-secret-2026`, host)).access_token;
  return { user, token };
}

/** A listed game of the given kind (first by catalogue order, or the n-th). */
export async function gameOf(server: TestServer, live: boolean, n = 0): Promise<CasinoGame> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/casino/games?isLive=${live ? 1 : 0}&per_page=100`,
    headers: { host: 'localhost' },
  });
  return (res.json().result as CasinoGame[])[n]!;
}

/** Opens a game through playnow and answers the session id from the redirect. */
export async function launch(server: TestServer, game: CasinoGame, token: string | null): Promise<string> {
  const query = token ? `access_token=${token}` : 'demo=1';
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/casino/playnow?mobile=1&gameId=${game.extended_id}&${query}`,
    headers: { host: 'localhost' },
  });
  expect(res.statusCode, res.body).toBe(302);
  const match = /\/(en|tr)\/play\/([\w-]{22})$/.exec(res.headers.location as string);
  return match![2]!;
}

export function spin(
  server: TestServer,
  sessionId: string,
  token: string | null,
  stake: number,
  roundKey = randomUUID(),
) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/casino/sessions/${sessionId}/spin`,
    headers: token ? bearer(token) : { host: 'localhost' },
    payload: { stake, roundKey },
  });
}

export async function cash(server: TestServer, token: string): Promise<number> {
  const res = await server.app.inject({ method: 'GET', url: '/api/get/session', headers: bearer(token) });
  return res.json().result.user.balance as number;
}

export async function auditClean(server: TestServer): Promise<void> {
  const app = await server.modules.tenancy.service.findByHost('localhost');
  expect(await server.modules.wallet.service.audit(app!.id)).toEqual({
    total: 0,
    mismatched: [],
    unbalancedMovements: 0,
  });
}

/** The session as the game page sees it (stakes, balance, game). */
export async function sessionOf(server: TestServer, sessionId: string, token: string | null) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/casino/sessions/${sessionId}`,
    headers: token ? bearer(token) : { host: 'localhost' },
  });
  return res.json().result.session as { stakes: number[]; defaultStake: number; balance: number };
}
