import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { bearer, login } from './support/accounts';

/** The tester's requests, each answered 4xx with the JSON error body. */
describeEachBackend('hardening: bad input is a 4xx naming the cause', (backend) => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await createTestServer(backend);
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
  });
  afterAll(async () => server?.close());

  async function expectError(request: InjectOptions, status: number, field?: string) {
    const res = await server.app.inject(request);
    expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    if (field) expect(body.field).toBe(field);
    return body;
  }

  it('form routes answer their own bad input with 400, not a response-serialisation 500 (finding 1)', async () => {
    for (const url of ['/api/change-password', '/api/v1/user/prefences/form']) {
      await expectError({ method: 'GET', url: `${url}?locale=xx`, headers: bearer(token) }, 400, 'locale');
      await expectError(
        {
          method: 'POST',
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: '{',
        },
        400,
      );
      await expectError(
        { method: 'POST', url, headers: { ...bearer(token), 'content-type': 'text/plain' }, payload: 'x' },
        400,
      );
      await expectError({ method: 'GET', url, headers: { ...bearer(token), 'x-app': 'abc' } }, 400, 'X-App');
      await expectError(
        {
          method: 'POST',
          url,
          headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=b' },
          payload: '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"x":1}\r\n--b--\r\n',
        },
        400,
        '__proto__',
      );
    }
  });

  it('broken multipart bodies are 400 and over-long fields are refused, even without a token (finding 2)', async () => {
    const post = (contentType: string, payload: string) => ({
      method: 'POST' as const,
      url: '/oauth/v2/token',
      headers: { host: 'localhost', 'content-type': contentType },
      payload,
    });
    await expectError(post('multipart/form-data', '--x\r\n'), 400);
    await expectError(post('multipart/form-data; boundary=', '--\r\n'), 400);
    await expectError(
      post(
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\ndemo',
      ),
      400,
    );
    const long = 'a'.repeat(16 * 1024 + 1);
    await expectError(
      post(
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${long}\r\n--x--\r\n`,
      ),
      413,
      'password',
    );
    await expectError(post('application/x-www-form-urlencoded', `password=${long}`), 413, 'password');
    await expectError(post('application/x-www-form-urlencoded', '__proto__[x]=1'), 400, '__proto__[x]');
  });

  it('ids beyond the integer column range are 400 naming the field (finding 3)', async () => {
    const big = '2147483648';
    await expectError({ method: 'GET', url: `/api/v2/markets?sport=${big}` }, 400, 'sport');
    await expectError({ method: 'GET', url: `/api/v2/fixture/full?event=${big}` }, 400, 'event');
    await expectError(
      { method: 'GET', url: `/api/v2/fixture/full?competition=1,${big}` },
      400,
      'competition',
    );
    await expectError(
      { method: 'GET', url: `/api/v2/fixture/count?listCompetitionFavourites=${big}` },
      400,
      'listCompetitionFavourites',
    );
    await expectError({ method: 'GET', url: `/api/v1/fixture/matches?match=${big}` }, 400, 'match');
    for (const url of ['/api/v1/get/client', '/api/get/session', '/api/v2/cashback/sports'])
      await expectError({ method: 'GET', url, headers: { ...bearer(token), 'x-app': big } }, 400, 'X-App');
  });

  it('impossible dates and a stake limit of 0 are refused (finding 4)', async () => {
    const transactions = (query: string) => ({
      method: 'GET' as const,
      url: `/api/v1/user/transactions?${query}`,
      headers: bearer(token),
    });
    await expectError(transactions('to=2026-13-01'), 400, 'to');
    await expectError(transactions('from=2026-02-30'), 400, 'from');
    await expectError(
      transactions('rangeDateTime%5Bfrom%5D=2026-02-30T10:00:00Z'),
      400,
      'rangeDateTime[from]',
    );
    const ok = await server.app.inject(transactions('from=2028-02-29&to=2028-03-01'));
    expect(ok.statusCode).toBe(200);
    await expectError(
      {
        method: 'PUT',
        url: '/api/v1/user/limits',
        headers: bearer(token),
        payload: { limits: [{ type: 'stake', period: 'day', amount: 0 }] },
      },
      400,
      'limits.0.amount',
    );
  });
});
