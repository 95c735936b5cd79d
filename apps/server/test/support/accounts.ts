import type { TestServer } from './server';

/** Helpers for tests that log clients in against the localhost demo app. */
export async function appCredentials(server: Pick<TestServer, 'app'>, host = 'localhost') {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/get/client', headers: { host } });
  return res.json() as { client_id: string; client_secret: string };
}

export async function createClient(
  server: Pick<TestServer, 'modules'>,
  username: string,
  password = 'correct-horse-7',
  host = 'localhost',
) {
  const app = await server.modules.tenancy.service.findByHost(host);
  if (!app) throw new Error(`no app for ${host}`);
  return server.modules.identity.service.createUser({
    appId: app.id,
    username,
    password,
    role: 'ROLE_CLIENT',
    firstName: 'Test',
    lastName: username,
  });
}

export function tokenRequest(
  server: Pick<TestServer, 'app'>,
  fields: Record<string, string>,
  options: { host?: string; ip?: string } = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/oauth/v2/token',
    headers: { host: options.host ?? 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: options.ip ?? '10.0.0.1',
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function login(
  server: Pick<TestServer, 'app'>,
  username: string,
  password: string,
  host = 'localhost',
) {
  const cred = await appCredentials(server, host);
  const res = await tokenRequest(
    server,
    { grant_type: 'password', ...cred, username, password },
    { host, ip: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  );
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string };
}

export const bearer = (token: string, host = 'localhost') => ({ authorization: `Bearer ${token}`, host });
