import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureListResponseSchema } from '@sb/contract';
import { createClient, login } from './support/accounts';
import { createTestServer, type TestServer } from './support/server';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Sportsbook</title>
    <script src="/runtime-config.js"></script>
    <script type="module" crossorigin src="/assets/index-abc12345.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A CSP header as directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Browser security headers on the shell, the API and the play-stream view (helmet). */
describe('browser security headers', () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sb-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    writeFileSync(path.join(dist, 'assets', 'index-abc12345.js'), 'console.log(1)');
    server = await createTestServer('pglite', {
      config: { WEB_DIST_DIR: dist, TRUST_PROXY: '127.0.0.1' },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    const csp = policy(headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    return csp;
  };

  it('the shell: scripts only from the server plus its inline start-up scripts by hash, never unsafe-inline', async () => {
    for (const url of ['/en/', '/tr/sports', '/en/no-such-screen']) {
      const res = await get(url);
      expect([200, 404]).toContain(res.statusCode);
      const csp = common(res.headers);
      const scripts = csp.get('script-src')!;
      expect(scripts).toContain("'self'");
      expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // Every inline script of the page (runtime config, ICU's start in the head, start-up data, the loader that
      // asks for the app's script once the page has painted) is allowed by its hash, and only those.
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]!));
      expect(inline.length).toBe(4);
      expect(scripts.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(inline.sort());
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // The other brand's page has its own start-up data, so its own hash.
    const kartal = await get('/tr/', { host: 'kartal.localhost' });
    const demo = await get('/tr/');
    expect(policy(kartal.headers['content-security-policy']).get('script-src')).not.toEqual(
      policy(demo.headers['content-security-policy']).get('script-src'),
    );
  });

  it('the login link keeps its credentials out of the Referer', async () => {
    const res = await get('/en/login?u=demo&s=demo-pass-2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the API carries the same policy and headers', async () => {
    for (const url of ['/api/v1/get/client', '/api/v2/fixture/full?per_page=1', '/api/v1/nothing-here']) {
      const res = await get(url);
      const csp = common(res.headers);
      expect(csp.get('script-src')).toEqual(["'self'"]);
    }
  });

  it('the play-stream view: its nonce-only script policy, framed only by the app itself', async () => {
    await createClient(server, 'header-viewer');
    const token = (await login(server, 'header-viewer', 'correct-horse-7')).access_token;
    const event = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&per_page=1')).json(),
    ).result[0]!;
    const res = await get(`/api/v2/play-stream/${event.id}?access_token=${token}&locale=en`);
    expect(res.statusCode).toBe(200);
    const csp = common(res.headers);
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.get('script-src')).toEqual([`'nonce-${nonce}'`]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    const again = await get(`/api/v2/play-stream/${event.id}?access_token=${token}&locale=en`);
    expect(policy(again.headers['content-security-policy']).get('script-src')).not.toEqual([
      `'nonce-${nonce}'`,
    ]);
    // The widget pages the event screen frames too.
    const widget = await get(`/widgets/tracker/${event.id}`);
    expect(policy(widget.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('sends HSTS only on requests that came over TLS (a trusted proxy says so)', async () => {
    const plain = await get('/api/v1/get/client');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await server.app.inject({
      method: 'GET',
      url: '/api/v1/get/client',
      headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
    // An untrusted client cannot claim TLS.
    const spoofed = await server.app.inject({
      method: 'GET',
      url: '/api/v1/get/client',
      headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
      remoteAddress: '10.3.3.3',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('Swagger UI keeps a policy of its own, without unsafe-inline scripts', async () => {
    const res = await get('/docs/static/index.html');
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect((csp.get('script-src') ?? []).join(' ')).not.toContain('unsafe-inline');
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});
