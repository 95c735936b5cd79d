import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSchema, clientCredentialSchema, marketsResponseSchema } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeEachBackend('foundation routes', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend);
  });
  afterAll(async () => server?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('reports health with the database kind', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: backend });
  });

  it('resolves the localhost app with theme and feature flags', async () => {
    const res = await get('/api/getAppByHostname/localhost');
    expect(res.statusCode).toBe(200);
    const app = appSchema.parse(res.json());
    expect(app.name).toBe('Demo Bet');
    expect(app.features.homeVariant).toBe(1);
    expect((await get('/api/getAppByHostname/127.0.0.1')).json().id).toBe(app.id);
  });

  it('resolves the second brand by its own host with another theme and home variant', async () => {
    const first = appSchema.parse((await get('/api/getAppByHostname/localhost')).json());
    const second = appSchema.parse((await get('/api/getAppByHostname/kartal.localhost')).json());
    expect(second.id).not.toBe(first.id);
    expect(second.theme.primary).not.toBe(first.theme.primary);
    expect(second.features.homeVariant).toBe(2);
    expect(second.defaultLocale).toBe('tr');
  });

  it('answers an unknown host with 404 JSON', async () => {
    const res = await get('/api/getAppByHostname/unknown.example');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'unknown_app' });
  });

  it('rejects a malformed host name with 400 naming the field', async () => {
    const res = await get('/api/getAppByHostname/bad_host%21');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'host' });
  });

  it('gives each app its own client credential, chosen by Host or X-App', async () => {
    const own = clientCredentialSchema.parse((await get('/api/v1/get/client')).json());
    const other = clientCredentialSchema.parse(
      (await get('/api/v1/get/client', { host: 'kartal.localhost' })).json(),
    );
    expect(own.client_id).not.toBe(other.client_id);
    const second = appSchema.parse((await get('/api/getAppByHostname/kartal.localhost')).json());
    const byHeader = (await get('/api/v1/get/client', { 'x-app': String(second.id) })).json();
    expect(byHeader.client_id).toBe(other.client_id);
    expect((await get('/api/v1/get/client', { 'x-app': 'abc' })).statusCode).toBe(400);
    expect((await get('/api/v1/get/client', { 'x-app': '9999' })).statusCode).toBe(404);
    expect((await get('/api/v1/get/client', { host: 'nobody.example' })).statusCode).toBe(404);
  });

  it('serves complete Turkish and English translation tables by Accept-Language or locale', async () => {
    const en = (await get('/api/v1/translations/get/all', { 'accept-language': 'en-GB,en;q=0.9' })).json();
    const tr = (await get('/api/v1/translations/get/all', { 'accept-language': 'tr-TR' })).json();
    expect(en.result.locale).toBe('en');
    expect(tr.result.locale).toBe('tr');
    expect(Object.keys(tr.result.translation).sort()).toEqual(Object.keys(en.result.translation).sort());
    expect(tr.result.translation['auth.login_error']).not.toBe(en.result.translation['auth.login_error']);
    // The footer's responsible-gambling notice in the page's language (spec §2's German text for German).
    expect(en.result.translation['footer.responsible_gambling']).toMatch(
      /^Gambling is only allowed from the age of 18/,
    );
    expect(tr.result.translation['footer.responsible_gambling']).toMatch(
      /^Şans oyunları yalnızca 18 yaşından/,
    );
    const byQuery = (await get('/api/v1/translations/get/all?locale=tr')).json();
    expect(byQuery.result.locale).toBe('tr');
    expect((await get('/api/v1/translations/get/all?locale=xx')).statusCode).toBe(400);
  });

  it('lists market definitions in both languages and validates the sport filter', async () => {
    const en = marketsResponseSchema.parse((await get('/api/v2/markets?locale=en')).json());
    const tr = marketsResponseSchema.parse((await get('/api/v2/markets?locale=tr')).json());
    expect(en.result.length).toBeGreaterThan(0);
    expect(en.result.map((m) => m.id)).toEqual(tr.result.map((m) => m.id));
    const matchResultEn = en.result.find((m) => m.id === 1);
    const matchResultTr = tr.result.find((m) => m.id === 1);
    expect(matchResultEn?.nameLn.name).not.toBe(matchResultTr?.nameLn.name);
    const bad = await get('/api/v2/markets?sport=football');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sport');
  });

  it('lists locales named in the request language', async () => {
    const res = (await get('/api/v1/locales', { 'accept-language': 'tr' })).json();
    expect(res.result).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'tr', name: 'Türkçe' },
    ]);
  });

  it('answers unknown API paths with JSON 404 and publishes an OpenAPI document', async () => {
    const missing = await get('/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
    const docs = await get('/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/getAppByHostname/{host}');
  });

  it('serves the runtime config for the web', async () => {
    const res = await get('/runtime-config.js');
    expect(res.body).toContain('window.__SB_CONFIG__=');
  });
});

describe('seed', () => {
  it('is idempotent across restarts of the same database', async () => {
    const server = await createTestServer('pglite');
    try {
      const { buildApp } = await import('../src/app');
      const { testConfig } = await import('../src/config/config');
      const again = await buildApp({ config: testConfig(), database: server.database, migrate: false });
      expect(await again.modules.tenancy.service.list()).toHaveLength(2);
      await again.app.close();
    } finally {
      await server.close();
    }
  });
});

describeEachBackend('cross-origin calls for split hosts', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend);
  });
  afterAll(async () => server?.close());

  it("lets a registered app's pages call from another origin, with the headers the web sends", async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/get/session',
      headers: {
        origin: 'http://kartal.localhost:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-app',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://kartal.localhost:8080');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-app-session');
  });

  it('gives any other origin no CORS grant', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/locales',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
