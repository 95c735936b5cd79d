import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DRAWN_LOGO_PREFIX, type OpsBrand } from '@sb/contract';
import { useBrandDesk, useInstancePair } from './support/brand-desk';
import { describeEachBackend } from './support/databases';
import { SHARED_BACKENDS_AVAILABLE } from './support/instances';
import { opsRequest } from './support/ops';
import type { TestServer } from './support/server';

type Server = Pick<TestServer, 'app' | 'modules' | 'database'>;

/** A 1×1 PNG and a 1×1 WebP: logos as small as they come. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const WEBP_1PX = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
  'base64',
);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const byHost = async (server: Pick<TestServer, 'app'>, host: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/getAppByHostname/${host}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; theme: { logoUrl: string } };
};
const logoRows = async (server: Server) =>
  rowsOf<{ appId: number; imageHash: string }>(
    await server.database.db.execute(
      sql`select app_id as "appId", image_hash as "imageHash" from brand_logos order by app_id`,
    ),
  );

/** Issue 35 §1: a brand's own logo, uploaded from the desk and served from the brand's host. */
describeEachBackend('brand logos', (backend) => {
  const desk = useBrandDesk(backend, (kartal) => [
    ['l-content', 'content', null],
    ['l-admin', 'admin', null],
    ['l-risk', 'risk', null],
    ['l-finance', 'finance', null],
    ['lk-content', 'content', kartal],
  ]);
  const { ops } = desk;
  const upload = async (brand: number, type: string, data: string, who = 'l-content') => {
    const res = await ops('PUT', `/ops/v1/brands/${brand}/logo`, who, { type, data });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as OpsBrand;
  };
  let server: TestServer;
  let demo = 0;
  let kartal = 0;
  beforeAll(() => {
    ({ server, demo, kartal } = desk);
  });

  it('uploads a logo: the brand’s theme names its address, served from its host with the same bytes', async () => {
    const brand = await upload(kartal, 'image/png', PNG_1PX, 'lk-content');
    expect(brand.theme.logoUrl).toMatch(/^\/api\/v1\/brand-logo\/[0-9a-f]{16}\.png$/);
    expect((await byHost(server, 'kartal.localhost')).theme.logoUrl).toBe(brand.theme.logoUrl);

    const picture = await server.app.inject({
      method: 'GET',
      url: brand.theme.logoUrl,
      headers: { host: 'kartal.localhost' },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(picture.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    // Any host of the deployment serves it (the desk previews it on its own host).
    const onDesk = await server.app.inject({ method: 'GET', url: brand.theme.logoUrl });
    expect(onDesk.statusCode).toBe(200);
    const asWebp = brand.theme.logoUrl.replace(/\.png$/, '.webp');
    const wrongExt = await server.app.inject({
      method: 'GET',
      url: asWebp,
      headers: { host: 'kartal.localhost' },
    });
    expect(wrongExt.statusCode).toBe(404);
    const bad = await server.app.inject({ method: 'GET', url: '/api/v1/brand-logo/x.svg' });
    expect(bad.statusCode).toBe(400);

    // A new picture is a new address; the old one is no longer served.
    const next = await upload(kartal, 'image/webp', WEBP_1PX, 'lk-content');
    expect(next.theme.logoUrl).toMatch(/\.webp$/);
    const old = await server.app.inject({
      method: 'GET',
      url: brand.theme.logoUrl,
      headers: { host: 'kartal.localhost' },
    });
    expect(old.statusCode).toBe(404);
    const served = await server.app.inject({
      method: 'GET',
      url: next.theme.logoUrl,
      headers: { host: 'kartal.localhost' },
    });
    expect(served.headers['content-type']).toBe('image/webp');

    // A form may send the current logo's address back, never another uploaded one (the replaced picture's).
    const stale = await ops('PATCH', `/ops/v1/brands/${kartal}`, 'lk-content', {
      theme: { primary: '#123456', accent: '#ffb400', scheme: 'light', logoUrl: brand.theme.logoUrl },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().field).toBe('theme.logoUrl');
    // A later change of the brand's colours keeps the uploaded logo.
    const patched = await ops('PATCH', `/ops/v1/brands/${kartal}`, 'lk-content', {
      theme: { primary: '#123456', accent: '#ffb400', scheme: 'light', logoUrl: next.theme.logoUrl },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().result.theme.logoUrl).toBe(next.theme.logoUrl);

    // Removed: the drawn logo again, in the brand's current colours; the picture is no longer served.
    const removed = await ops('DELETE', `/ops/v1/brands/${kartal}/logo`, 'lk-content');
    expect(removed.statusCode, removed.body).toBe(200);
    const drawn = (removed.json().result as OpsBrand).theme.logoUrl;
    expect(drawn.startsWith(DRAWN_LOGO_PREFIX)).toBe(true);
    expect(decodeURIComponent(drawn)).toContain('#123456');
    expect((await byHost(server, 'kartal.localhost')).theme.logoUrl).toBe(drawn);
    const gone = await server.app.inject({
      method: 'GET',
      url: next.theme.logoUrl,
      headers: { host: 'kartal.localhost' },
    });
    expect(gone.statusCode).toBe(404);
    expect((await logoRows(server)).filter((r) => r.appId === kartal)).toEqual([]);

    const audit = rowsOf<{ action: string; actor: string; before: OpsBrand; after: OpsBrand }>(
      await server.database.db.execute(
        sql`select action, actor, before, after from ops_audit_log
            where brand_id = ${kartal} and action like 'brand.logo%' order by id`,
      ),
    );
    expect(audit.map((r) => [r.action, r.actor])).toEqual([
      ['brand.logo', 'lk-content'],
      ['brand.logo', 'lk-content'],
      ['brand.logo.delete', 'lk-content'],
    ]);
    expect(audit[0]!.after.theme.logoUrl).toBe(brand.theme.logoUrl);
    expect(audit[1]!.before.theme.logoUrl).toBe(brand.theme.logoUrl);
    expect(audit[2]!.after.theme.logoUrl).toBe(drawn);
  });

  it('names the bad field and changes nothing: type, magic bytes, size, base64', async () => {
    const before = await byHost(server, 'localhost');
    const rows = await logoRows(server);
    const cases: [object, string][] = [
      [{ type: 'image/svg+xml', data: SVG }, 'type'],
      [{ type: 'image/gif', data: 'R0lGODlhAQABAAAAACw=' }, 'type'],
      [{ type: 'image/jpeg', data: PNG_1PX }, 'data'],
      [{ type: 'image/png', data: WEBP_1PX }, 'data'],
      [{ type: 'image/webp', data: PNG_1PX }, 'data'],
      [{ type: 'image/png', data: 'not base64!' }, 'data'],
      [{ type: 'image/png', data: '' }, 'data'],
      [{ type: 'image/png', data: 'A'.repeat(140_000) }, 'data'],
      [{ type: 'image/png' }, 'data'],
    ];
    for (const [body, field] of cases) {
      const label = JSON.stringify(body).slice(0, 60);
      const res = await ops('PUT', `/ops/v1/brands/${demo}/logo`, 'l-content', body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().field, label).toBe(field);
    }
    // A PNG's signature with more than 100 KB behind it: in the body limit, over the picture's.
    const big = Buffer.concat([Buffer.from(PNG_1PX, 'base64'), Buffer.alloc(101 * 1024)]).toString('base64');
    const tooBig = await ops('PUT', `/ops/v1/brands/${demo}/logo`, 'l-content', {
      type: 'image/png',
      data: big,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().field).toBe('data');
    expect((await byHost(server, 'localhost')).theme.logoUrl).toBe(before.theme.logoUrl);
    expect(await logoRows(server)).toEqual(rows);
  });

  it('lets admin and content change a logo, refuses risk and finance, and another brand’s operator gets 404', async () => {
    const body = { type: 'image/png', data: PNG_1PX };
    for (const who of ['l-risk', 'l-finance']) {
      expect((await ops('PUT', `/ops/v1/brands/${demo}/logo`, who, body)).statusCode, who).toBe(403);
      expect((await ops('DELETE', `/ops/v1/brands/${demo}/logo`, who)).statusCode, who).toBe(403);
    }
    expect((await ops('PUT', `/ops/v1/brands/${demo}/logo`, 'lk-content', body)).statusCode).toBe(404);
    expect((await ops('DELETE', `/ops/v1/brands/${demo}/logo`, 'lk-content')).statusCode).toBe(404);
    expect((await ops('PUT', '/ops/v1/brands/999999/logo', 'l-admin', body)).statusCode).toBe(404);
    expect((await logoRows(server)).filter((r) => r.appId === demo)).toEqual([]);
    const mine = await upload(demo, 'image/png', PNG_1PX, 'l-admin');
    expect((await byHost(server, 'localhost')).theme.logoUrl).toBe(mine.theme.logoUrl);
  });
});

/** A logo uploaded on one instance is the other's brand logo at once (the bus empties its app cache). */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('brand logos on two instances', () => {
  const pair = useInstancePair('l2-content', 'content');

  it('instance B answers the logo uploaded on A, and serves its bytes, without a restart', async () => {
    const { a, b, token } = pair;
    const demo = await byHost(b, 'localhost'); // B holds the brand in its cache now
    const res = await opsRequest(a)('PUT', `/ops/v1/brands/${demo.id}/logo`, token, {
      type: 'image/png',
      data: PNG_1PX,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json().result as OpsBrand).theme.logoUrl;
    await expect.poll(async () => (await byHost(b, 'localhost')).theme.logoUrl).toBe(url);
    const picture = await b.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);

    await opsRequest(a)('DELETE', `/ops/v1/brands/${demo.id}/logo`, token);
    await expect
      .poll(async () => (await byHost(b, 'localhost')).theme.logoUrl.startsWith(DRAWN_LOGO_PREFIX))
      .toBe(true);
  });
});
