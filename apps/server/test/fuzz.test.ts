import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';
import { login } from './support/accounts';
import { opsSession } from './support/ops';
import { generateRequests, type OpenApiDocument } from './support/fuzz';
import { seededRandom } from './support/seeded-random';

/** Requests per route and method (a seeded sample of that route's hostile variants). */
const PER_ROUTE = 70;
const SEED = 20261122;

/**
 * Every route of the running app's OpenAPI document, hit with malformed input: no answer may be a 5xx, and
 * every 4xx carries the JSON error body `{error, message}`. Routes added later are covered without editing
 * this test. Half the requests carry a valid client token, so validation behind the auth check runs too; on
 * `/ops/v1` a third carry an all-brands admin's session and a third a brand-scoped trader's (issue 32), so the
 * back office's validation and its brand scope run behind its access check.
 */
describeEachBackend('fuzz: malformed input never gives a 5xx', (backend) => {
  let server: TestServer;
  let token = '';
  /** Operator sessions for /ops/v1: an admin of every brand and a trader of one brand. */
  const operators: string[] = [];
  beforeAll(async () => {
    server = await createTestServer(backend, {
      // The operator API is part of the surface when it is on.
      config: { OPERATOR_TOKEN: 'fuzz-operator-token-0123456789' },
    });
    token = (await login(server, 'demo', 'demo-pass-2026')).access_token;
    const kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    for (const [username, role, brandId] of [
      ['fuzz-admin', 'admin', null],
      ['fuzz-trader', 'trader', kartal],
    ] as const) {
      const password = `${username}-pass-2026`;
      await server.modules.ops.operators.create({ username, password, role, brandId });
      operators.push(await opsSession(server, username, password));
    }
    // No simulator leader runs here: an operator command that passes validation is applied inside its request.
    server.modules.producer.driveCommands(true);
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers every generated request with a non-5xx status and a JSON error body on 4xx', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
    const requests = generateRequests(doc, SEED, PER_ROUTE);
    const withToken = seededRandom(SEED + 1);
    const classes: Record<string, number> = {};
    const failures: string[] = [];
    let asOperator = 0;
    for (const request of requests) {
      const headers: Record<string, string> = { host: 'localhost', ...request.headers };
      const draw = withToken();
      if ('authorization' in headers) {
        // the generator's own (malformed) credentials
      } else if (request.url.startsWith('/ops/v1/') && !request.url.startsWith('/ops/v1/session')) {
        // The operators' own session routes are left out: a fuzzed logout would end the sessions used here.
        const operator = draw < 1 / 3 ? operators[0] : draw < 2 / 3 ? operators[1] : undefined;
        if (operator) {
          headers.authorization = `Bearer ${operator}`;
          asOperator++;
        }
      } else if (draw < 0.5) headers.authorization = `Bearer ${token}`;
      const res = await server.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        payload: request.payload,
        remoteAddress: '10.9.0.1',
      });
      const cls = `${Math.floor(res.statusCode / 100)}xx`;
      classes[cls] = (classes[cls] ?? 0) + 1;
      const problem = problemOf(res.statusCode, res.headers['content-type'], res.body);
      if (problem)
        failures.push(`${request.method} ${request.url.slice(0, 120)} [${request.label}]: ${problem}`);
    }
    // The closing note quotes these counts.
    console.log(`fuzz [${backend}]: ${requests.length} requests (${asOperator} as an operator)`, classes);
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(requests.length).toBeGreaterThanOrEqual(2_000);
    // The back office was fuzzed behind its access check, as both operators.
    expect(asOperator).toBeGreaterThan(500);
    // Every route got its NUL-byte and __proto__ requests.
    expect(requests.filter((r) => r.label.startsWith('NUL in')).length).toBeGreaterThan(100);
    expect(requests.filter((r) => r.label.includes('__proto__')).length).toBeGreaterThan(100);
    // The message names each offending request (method, path, what was mutated, status and body).
    expect(
      failures.length,
      `requests answered with a 5xx or a bad 4xx:\n${failures.slice(0, 25).join('\n')}`,
    ).toBe(0);
  }, 360_000);
});

function problemOf(status: number, contentType: unknown, body: string): string | null {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (status < 400) return null;
  if (!String(contentType ?? '').includes('application/json')) return `${status} without a JSON body`;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof parsed.error !== 'string' || typeof parsed.message !== 'string')
      return `${status} body lacks error/message: ${body.slice(0, 200)}`;
  } catch {
    return `${status} body is not JSON: ${body.slice(0, 200)}`;
  }
  return null;
}
