// Helpers for back-office tests: operator requests and sessions (TOTP enrolled on first login).
import { expect } from 'vitest';
import type { OpsRole } from '@sb/contract';
import { totpCode } from '../../src/modules/ops/index';
import type { TestServer } from './server';

export type OpsMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request on /ops/v1 with an operator's bearer. */
export const opsRequest =
  (server: Pick<TestServer, 'app'>) => (method: OpsMethod, url: string, token?: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
      remoteAddress: '10.9.0.1',
    });

/** Logs in with password; enrols TOTP when the server asks for it; answers a full session's token. */
export async function opsSession(
  server: Pick<TestServer, 'app'>,
  username: string,
  password: string,
): Promise<string> {
  const ops = opsRequest(server);
  const first = await ops('POST', '/ops/v1/session', undefined, { username, password });
  expect(first.statusCode).toBe(200);
  const { token, totpEnrolmentRequired } = first.json().result;
  if (!totpEnrolmentRequired) return token;
  const started = (await ops('POST', '/ops/v1/session/totp', token)).json().result;
  const confirm = await ops('POST', '/ops/v1/session/totp/confirm', token, {
    totp: totpCode(started.secret, Date.now()),
  });
  expect(confirm.statusCode).toBe(200);
  return token;
}

/** Every `/ops/v1` route of the app's OpenAPI document as `METHOD /path` (the login left out), sorted. */
export async function opsRoutesOfDocument(server: Pick<TestServer, 'app'>): Promise<string[]> {
  const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/ops/v1/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    .filter((r) => r !== 'POST /ops/v1/session')
    .sort();
}

/** Operators of a plan (username, role, brand or null for all), created and each signed in: tokens by username. */
export async function operatorSessions(
  server: Pick<TestServer, 'app' | 'modules'>,
  plan: [string, OpsRole, number | null][],
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [username, role, brandId] of plan) {
    const password = `${username}-Plan-pass-2026`;
    await server.modules.ops.operators.create({ username, password, role, brandId });
    tokens[username] = await opsSession(server, username, password);
  }
  return tokens;
}
