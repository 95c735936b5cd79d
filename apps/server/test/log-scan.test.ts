// The log scan of the integration run (support/log-scan.ts) catches each kind of secret as the server makes it, and
// takes a server's ordinary log lines (requests, refusals, errors) as clean: it can fail, and it fails only on secrets.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoIds } from '../src/lib/ids';
import { hashSecret } from '../src/lib/password-hash';
import { login } from './support/accounts';
import { findSecrets } from './support/log-scan';
import { opsSession } from './support/ops';
import { createTestServer, type TestServer } from './support/server';

describe('log scan', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await createTestServer('pglite', {
      config: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => server?.close());

  it('finds a password, an argon2 hash, a TOTP secret and tokens in a line', async () => {
    const hash = await hashSecret('demo-pass-2026');
    const totp = new OTPAuth.Secret({ size: 20 }).base32;
    const token = cryptoIds.token();
    const line = (value: string) => JSON.stringify({ level: 50, msg: 'insert failed', value });
    expect(findSecrets(line(hash))).toContain('argon2 hash');
    for (const password of [
      'demo-pass-2026',
      'k-admin-Secret-pass-2026',
      'chaos-secret-3-2026',
      'first-pass-99',
    ])
      expect(findSecrets(line(password)), password).toContain('test password');
    expect(findSecrets(line(totp))).toContain('TOTP secret');
    expect(findSecrets(line(`otpauth://totp/Sportsbook:admin?secret=${totp}`))).toContain('TOTP secret');
    expect(findSecrets(line(token))).toContain('token');
    expect(findSecrets(line(`Bearer ${token}`))).toContain('bearer token');
  });

  it("takes a server's ordinary lines as clean", async () => {
    const token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    await opsSession(server, 'admin', 'admin-pass-2026');
    await server.app.inject({
      method: 'GET',
      url: '/api/get/session',
      headers: { authorization: `Bearer ${token}` },
    });
    await server.app.inject({
      method: 'POST',
      url: '/ops/v1/session',
      payload: { username: 'admin', password: 'x' },
    });
    await server.app.inject({ method: 'GET', url: '/api/v2/fixture/e/999999999' });
    await server.app.inject({ method: 'POST', url: '/api/v1/betPlace', payload: '{bad json' });
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => findSecrets(l).length > 0)).toEqual([]);
  });
});
