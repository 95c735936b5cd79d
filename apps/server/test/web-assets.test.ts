import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { WARM_INTL } from '../src/plugins/web';
import { FIRST_VIEW_END_ID, FIRST_VIEW_EXPECT } from '../src/plugins/web-ssr';
import { createTestServer, type TestServer } from './support/server';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/** index.html as Vite writes it (the server fills in the brand, the language and the start-up data). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#0f1a14" />
    <title>Sportsbook</title>
    <script src="/runtime-config.js"></script>
    <script type="module" crossorigin src="/assets/index-abc12345.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc12345.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The start-up data the page carries, read back as the web does. */
function bootOf(html: string): Record<string, unknown> {
  const json = /window\.__SB_BOOT__=(.*?);<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no start-up data in the page');
  return JSON.parse(json) as Record<string, unknown>;
}

/** Source maps and the web assets' quality bar: compressed, cached, inlined, honest status. */
describe('web assets', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'sb-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    writeFileSync(path.join(dist, 'assets', 'index-abc12345.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'index-abc12345.css'), '.shell{color:red}');
    writeFileSync(path.join(dist, 'assets', 'index-abc12345.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'index-abc12345.js.gz'), gzipSync(SCRIPT));
    writeFileSync(
      path.join(dist, 'assets', 'index-abc12345.js.map'),
      '{"version":3,"sources":["secret.ts"]}',
    );
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      '{"index.html":{"file":"assets/index-abc12345.js"}}',
    );
    mkdirSync(path.join(dist, 'brand'));
    writeFileSync(path.join(dist, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'brand', 'demo-bet.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
  const get = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  it('serves the bundles but not their source maps (or the build manifest) by default', async () => {
    await withServer(false, async (server) => {
      const js = await get(server, '/assets/index-abc12345.js');
      expect(js.statusCode).toBe(200);
      const map = await get(server, '/assets/index-abc12345.js.map');
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
      expect((await get(server, '/.vite/manifest.json')).statusCode).toBe(404);
    });
  });

  it('serves source maps when SERVE_SOURCE_MAPS is on', async () => {
    await withServer(true, async (server) => {
      const map = await get(server, '/assets/index-abc12345.js.map');
      expect(map.statusCode).toBe(200);
    });
  });

  it('sends the files compressed at build time, by Accept-Encoding, cached for a year when hashed', async () => {
    await withServer(false, async (server) => {
      const br = await get(server, '/assets/index-abc12345.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
      const gz = await get(server, '/assets/index-abc12345.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await get(server, '/assets/index-abc12345.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      // A file without a content hash in its name is revalidated.
      const logo = await get(server, '/brand/logo.svg');
      expect(logo.headers['cache-control']).toBe('no-cache');
    });
  });

  it("inlines the brand's start-up data, title and language into the page, never cached", async () => {
    await withServer(false, async (server) => {
      const home = await get(server, '/en/');
      expect(home.statusCode).toBe(200);
      expect(home.headers['cache-control']).toBe('no-cache');
      expect(home.body).toContain('<title>Demo Bet — sports betting and casino</title>');
      expect(home.body).not.toContain('src="/runtime-config.js"');
      expect(home.body).toContain('window.__SB_CONFIG__=');
      // The brand bar and the header paint with the page: the build's small logo is inlined, nothing to preload.
      expect(home.body).toMatch(/<div class="boot-bar"><img src="data:image\/svg\+xml;base64,/);
      expect(home.body).not.toContain('<link rel="preload" as="image"');
      // The first screen's style sheet is in the page (no round trip before the first paint).
      // Beside it, a link the browser never fetches (a type it does not style) that tells the lazy loader the
      // sheet is in the page already, so a lazy part hydrating does not add it again.
      expect(home.body).toContain(
        '<style>.shell{color:red}</style><link rel="stylesheet" type="text/x-inlined" href="/assets/index-abc12345.css">',
      );
      expect(home.body).not.toContain('crossorigin href="/assets/index-abc12345.css"');
      // The app's script is asked for once the page has painted, by a small inline script at the end of the body.
      expect(home.body).not.toContain('<script type="module"');
      expect(home.body).toMatch(
        /<script>\(function \(scripts, preloads\)[^<]*\(\["\/assets\/index-abc12345\.js"\], \[\]\);<\/script><\/body>/,
      );
      // ICU starts in the head, before the first paint, not in the app's first task after it; the page's
      // Content-Security-Policy allows that script by its hash.
      const warm = home.body.indexOf(`<script>${WARM_INTL}</script>`);
      expect(warm).toBeGreaterThan(0);
      expect(warm).toBeLessThan(home.body.indexOf('</head>'));
      expect(String(home.headers['content-security-policy'])).toContain(
        `'sha256-${createHash('sha256').update(WARM_INTL).digest('base64')}'`,
      );
      const boot = bootOf(home.body);
      const app = (await get(server, '/api/getAppByHostname/localhost')).json();
      const logo = `data:image/svg+xml;base64,${readFileSync(`${dist}/brand/demo-bet.svg`).toString('base64')}`;
      expect(boot.app).toEqual({ ...app, theme: { ...app.theme, logoUrl: logo } });
      expect(boot.locale).toBe('en');
      expect(boot.client).toEqual((await get(server, '/api/v1/get/client')).json());
      // The translations and markets are not in the page: its loader fetches them from the address it names,
      // beside the app's script (the same bodies as their start-up calls), kept for good under their hash.
      expect(boot).not.toHaveProperty('translations');
      expect(boot).not.toHaveProperty('markets');
      expect(boot.tail).toMatch(/^\/startup\/en-[0-9a-f]{16}\.json$/);
      expect(home.body).toContain('window.__SB_BOOT_TAIL__ = fetch(boot.tail)');
      const tail = await get(server, String(boot.tail), { 'accept-encoding': 'br' });
      expect(tail.statusCode).toBe(200);
      expect(tail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(tail.headers['content-type']).toContain('application/json');
      const parts = JSON.parse(
        (tail.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(tail.rawPayload)
          : tail.rawPayload
        ).toString(),
      ) as { translations: unknown; markets: unknown };
      const translations = (await get(server, '/api/v1/translations/get/all?locale=en')).json();
      expect(parts.translations).toEqual(translations.result.translation);
      const markets = (await get(server, '/api/v2/markets?locale=en')).json();
      expect(parts.markets).toEqual(markets.result);

      // The second brand: its own title, its default language without a locale in the path.
      const kartal = await get(server, '/', { host: 'kartal.localhost' });
      expect(kartal.body).toContain('<html lang="tr">');
      expect(kartal.body).toContain('<title>Kartal Bahis');
      expect(bootOf(kartal.body).locale).toBe('tr');
      expect(bootOf((await get(server, '/en/live', { host: 'kartal.localhost' })).body).locale).toBe('en');
    });
  });

  it('keeps markup in the data from ending the script element', async () => {
    await withServer(false, async (server) => {
      const boot = bootOf((await get(server, '/en/')).body);
      const html = (await get(server, '/en/')).body;
      const inline = /window\.__SB_BOOT__=(.*?);<\/script>/s.exec(html)![1]!;
      expect(inline).not.toMatch(/<\/?script|<!--/i);
      expect(boot.app).toBeDefined();
    });
  });

  it("answers a page's start-up tail by its hash, another instance's or an older one by host and locale", async () => {
    await withServer(false, async (server) => {
      const kartal = bootOf((await get(server, '/', { host: 'kartal.localhost' })).body);
      expect(kartal.tail).toMatch(/^\/startup\/tr-[0-9a-f]{16}\.json$/);
      const own = await get(server, String(kartal.tail), { host: 'kartal.localhost' });
      expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const turkish = (own.json() as { translations: Record<string, string> }).translations;
      // A hash this instance never made (another instance's page, or content since changed): the current
      // content for the host and locale, not to be kept.
      const other = await get(server, '/startup/tr-0123456789abcdef.json', { host: 'kartal.localhost' });
      expect(other.statusCode).toBe(200);
      expect(other.headers['cache-control']).toBe('no-cache');
      expect((other.json() as { translations: unknown }).translations).toEqual(turkish);
      const english = await get(server, '/startup/en-0123456789abcdef.json', { host: 'kartal.localhost' });
      expect((english.json() as { translations: unknown }).translations).not.toEqual(turkish);
      for (const file of ['tr-123.json', 'xx-0123456789abcdef.json', 'tr-0123456789ABCDEF.json', 'a.json']) {
        const bad = await get(server, `/startup/${file}`);
        expect(bad.statusCode, file).toBe(400);
        expect(bad.json().field, file).toBe('file');
      }
      const unknownHost = await get(server, '/startup/en-0123456789abcdef.json', { host: 'nobody.example' });
      expect(unknownHost.statusCode).toBe(404);
      expect((await get(server, '/startup/a/b')).json().error).toBe('not_found');
    });
  });

  it('answers page paths of the route table with 200, others with 404 and the same page; API 404s stay JSON', async () => {
    await withServer(false, async (server) => {
      for (const url of [
        '/',
        '/en',
        '/en/',
        '/tr/sports',
        '/en/sports/1/2/3',
        '/en/sports/1/2/0/event/99',
        '/en/live/1/5',
        '/en/today',
        '/tr/3hours/1',
        '/en/favorites/1/7',
        '/en/account/transactions',
        '/en/info/terms',
        '/sports/1',
        '/en/login?u=demo&s=x',
      ]) {
        expect((await get(server, url)).statusCode, url).toBe(200);
      }
      for (const url of [
        '/en/nothing-here',
        '/en/sports/1/2/3/4',
        '/en/live/1/2/3',
        '/xx/yy',
        '/en/account/zz',
      ]) {
        const res = await get(server, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('window.__SB_BOOT__=');
      }
      const api = await get(server, '/api/v9/nothing');
      expect(api.statusCode).toBe(404);
      expect(api.json().error).toBe('not_found');
    });
  });
});

describe('server-rendered pages', () => {
  let dist: string;
  /** A first view as large as a real one (home's is ~190 KB): it must not go out uncompressed. */
  const MARKUP = `<main class="home">${'<article class="event-row">Arsenal – Chelsea 1.85</article>'.repeat(2_000)}</main>`;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'sb-dist-ssr-'));
    mkdirSync(path.join(dist, '.ssr'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    // The web build's server entry, reduced to its interface (apps/web/src/entry-server.tsx).
    writeFileSync(
      path.join(dist, '.ssr', 'entry-server.js'),
      `import { Readable } from 'node:stream';
export const SSR_STATE_ELEMENT_ID = 'sb-ssr-state';
export const SERVER_RENDERED_MODULES = [];
export async function renderPage() {
  return { html: Readable.from([${JSON.stringify(MARKUP)}]), state: { timeZone: 'UTC', queries: [] } };
}
`,
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('go out compressed as the client accepts (brotli, gzip), never cached', async () => {
    const server = await createTestServer('pglite', { config: { WEB_DIST_DIR: dist } });
    try {
      const get = (encoding: string) =>
        server.app.inject({
          method: 'GET',
          url: '/en/',
          headers: { host: 'localhost', 'accept-encoding': encoding },
        });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-store');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      const html = brotliDecompressSync(br.rawPayload).toString();
      expect(br.rawPayload.length).toBeLessThan(html.length / 5);
      // One paint of the whole first view: rendering waits for the marker right after the server's markup.
      expect(html).toContain(`${FIRST_VIEW_EXPECT}</head>`);
      expect(html).toContain(
        `<div id="root">${MARKUP}</div><template id="${FIRST_VIEW_END_ID}"></template><script type="application/json" id="sb-ssr-state">`,
      );
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
    } finally {
      await server.close();
    }
  });
});
