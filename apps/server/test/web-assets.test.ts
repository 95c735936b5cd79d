import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './support/server';

/** Issue 7, finding 11: the web build's source maps are not served unless the operator turns them on. */
describe('web assets', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'sb-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  async function withServer(serveMaps: boolean, fn: (server: TestServer) => Promise<void>) {
    const server = await createTestServer('pglite', {
      config: { WEB_DIST_DIR: dist, SERVE_SOURCE_MAPS: serveMaps },
    });
    try {
      await fn(server);
    } finally {
      await server.close();
    }
  }

  it('serves the bundles but not their source maps by default', async () => {
    await withServer(false, async (server) => {
      const js = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(js.statusCode).toBe(200);
      const map = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    });
  });

  it('serves source maps when SERVE_SOURCE_MAPS is on', async () => {
    await withServer(true, async (server) => {
      const map = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(200);
    });
  });
});
