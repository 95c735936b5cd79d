import { afterAll, beforeAll, expect, it } from 'vitest';
import { appCredentials, tokenRequest } from './support/accounts';
import { describeOnOneBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeOnOneBackend('request logs keep secrets out', (backend) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await createTestServer(backend, {
      config: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => server?.close());

  it('logs no password, client secret or token from the query, form body or headers', async () => {
    const cred = await appCredentials(server);
    const query = new URLSearchParams({
      grant_type: 'password',
      ...cred,
      username: 'demo',
      password: 'demo-pass-2026',
    });
    const viaGet = await server.app.inject({
      method: 'GET',
      url: `/oauth/v2/token?${query}`,
      headers: { host: 'localhost' },
    });
    expect(viaGet.statusCode).toBe(200);
    const tokens = viaGet.json() as { access_token: string; refresh_token: string };
    await tokenRequest(server, { grant_type: 'refresh_token', ...cred, refresh_token: tokens.refresh_token });
    await tokenRequest(server, {
      grant_type: 'password',
      ...cred,
      username: 'demo',
      password: 'wrong-secret-guess',
    });
    await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: { host: 'localhost', authorization: `Bearer ${tokens.access_token}` },
    });
    await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: { host: 'localhost', 'x-app-session': `Bearer ${tokens.access_token}` },
    });

    const log = lines.join('\n');
    expect(log).toContain('/oauth/v2/token');
    for (const secret of [
      'demo-pass-2026',
      'wrong-secret-guess',
      cred.client_secret,
      tokens.access_token,
      tokens.refresh_token,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
