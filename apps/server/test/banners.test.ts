import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Banner, OpsBanner, OpsBannerCreate } from '@sb/contract';
import { describeEachBackend } from './support/databases';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { createTestServer, type TestServer } from './support/server';
import { operatorSessions, opsRequest, type OpsMethod } from './support/ops';

type Server = Pick<TestServer, 'app' | 'modules'>;

/** A 1×1 PNG: the smallest picture a banner may be. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const HOUR_MS = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const banner = (over: Partial<OpsBannerCreate> = {}): OpsBannerCreate => ({
  placement: 'home',
  locale: null,
  image: { type: 'image/png', data: PNG_1PX },
  link: '/casino',
  alt: { en: 'Spin the slots', tr: 'Slotları çevir' },
  startsAt: at(-HOUR_MS),
  endsAt: at(HOUR_MS),
  ...over,
});

const live = async (server: Server, host: string, query: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/v1/banners?${query}`, headers: { host } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Banner[];
};

/** Operators of the plan, each with a session: every brand's content, trader and support, Kartal's content. */
const operators = (server: Server, kartal: number) =>
  operatorSessions(server, [
    ['b-content', 'content', null],
    ['b-trader', 'trader', null],
    ['b-support', 'support', null],
    ['kb-content', 'content', kartal],
  ]);

/** Issue 35 §1: a brand's banners from the desk, and the player's banners of that brand only. */
describeEachBackend('banners per brand', (backend) => {
  let server: TestServer;
  let demo = 0;
  let kartal = 0;
  let tokens: Record<string, string> = {};
  const ops = (method: OpsMethod, url: string, who: string, payload?: object) =>
    opsRequest(server)(method, url, tokens[who], payload);
  const create = async (brand: number, body: OpsBannerCreate, who = 'b-content') => {
    const res = await ops('POST', `/ops/v1/brands/${brand}/banners`, who, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as OpsBanner;
  };

  beforeAll(async () => {
    server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    demo = (await server.modules.tenancy.service.findByHost('localhost'))!.id;
    kartal = (await server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    tokens = await operators(server, kartal);
  }, 120_000);
  afterAll(async () => server?.close());

  it('shows a brand’s live banners in order, in the player’s language, on their page only', async () => {
    const first = await create(demo, banner({ link: 'https://help.example.com/promo' }));
    const second = await create(demo, banner({ locale: 'tr', alt: { tr: 'Yalnız Türkçe' }, position: 1 }));
    await create(demo, banner({ startsAt: at(HOUR_MS), endsAt: at(2 * HOUR_MS) })); // not yet
    await create(demo, banner({ startsAt: at(-2 * HOUR_MS), endsAt: at(-HOUR_MS) })); // over
    await create(demo, banner({ enabled: false }));
    const onCasino = await create(demo, banner({ placement: 'casino', link: '/slot' }));

    const tr = await live(server, 'localhost', 'placement=home&locale=tr');
    expect(tr.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(tr[0]).toMatchObject({ alt: 'Yalnız Türkçe', link: '/casino', external: false });
    expect(tr[1]).toMatchObject({ alt: 'Slotları çevir', external: true });
    const en = await live(server, 'localhost', 'placement=home&locale=en');
    expect(en.map((b) => b.id)).toEqual([first.id]);
    expect(en[0]!.alt).toBe('Spin the slots');
    expect((await live(server, 'localhost', 'placement=casino')).map((b) => b.id)).toEqual([onCasino.id]);
    expect(await live(server, 'kartal.localhost', 'placement=home&locale=tr')).toEqual([]);

    // The picture is served from the brand's origin, cached for good under a name of its content.
    const picture = await server.app.inject({
      method: 'GET',
      url: en[0]!.image,
      headers: { host: 'localhost' },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(picture.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    const stale = en[0]!.image.replace(/-[0-9a-f]{16}\./, '-0000000000000000.');
    expect((await server.app.inject({ method: 'GET', url: stale })).statusCode).toBe(404);

    // The list answers a revalidation with 304 while nothing changed.
    const url = '/api/v1/banners?placement=home&locale=en';
    const fresh = await server.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    const etag = fresh.headers.etag as string;
    const again = await server.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const audit = await server.database.db.execute<{ action: string; actor: string }>(
      sql`select action, actor from ops_audit_log where action = 'banner.create' and brand_id = ${demo}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(6);
  });

  it('moves, switches, re-times and deletes a banner; the player sees each change at once', async () => {
    const list = async () =>
      (
        (await ops('GET', `/ops/v1/brands/${kartal}/banners`, 'kb-content')).json().result as OpsBanner[]
      ).filter((b) => b.placement === 'home');
    const a = await create(kartal, banner({ alt: { tr: 'A' }, locale: 'tr' }), 'kb-content');
    const b = await create(kartal, banner({ alt: { tr: 'B' }, locale: 'tr' }), 'kb-content');
    const c = await create(kartal, banner({ alt: { tr: 'C' }, locale: 'tr' }), 'kb-content');
    const ids = async () =>
      (await live(server, 'kartal.localhost', 'placement=home&locale=tr')).map((x) => x.id);
    expect(await ids()).toEqual([a.id, b.id, c.id]);

    const moved = await ops('PATCH', `/ops/v1/brands/${kartal}/banners/${c.id}`, 'kb-content', {
      position: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result.position).toBe(1);
    expect(await ids()).toEqual([c.id, a.id, b.id]);
    expect((await list()).map((x) => [x.id, x.position])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);

    const off = await ops('PATCH', `/ops/v1/brands/${kartal}/banners/${a.id}`, 'kb-content', {
      enabled: false,
    });
    expect(off.json().result).toMatchObject({ enabled: false, live: false });
    expect(await ids()).toEqual([c.id, b.id]);
    const later = await ops('PATCH', `/ops/v1/brands/${kartal}/banners/${b.id}`, 'kb-content', {
      startsAt: at(HOUR_MS),
      endsAt: at(3 * HOUR_MS),
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(await ids()).toEqual([c.id]);

    const gone = await ops('DELETE', `/ops/v1/brands/${kartal}/banners/${c.id}`, 'kb-content');
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await ids()).toEqual([]);
    expect((await list()).map((x) => [x.id, x.position])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    const actions = await server.database.db.execute<{ action: string }>(
      sql`select action from ops_audit_log where brand_id = ${kartal} and action like 'banner.%' order by id`,
    );
    expect((actions as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'banner.create',
      'banner.create',
      'banner.create',
      'banner.update',
      'banner.update',
      'banner.update',
      'banner.delete',
    ]);
  });

  it('lets every desk role read, content change, and a brand’s operator its own brand only', async () => {
    const mine = await create(kartal, banner({ locale: 'tr', alt: { tr: 'K' } }), 'kb-content');
    for (const who of ['b-trader', 'b-support', 'b-content'])
      expect((await ops('GET', `/ops/v1/brands/${demo}/banners`, who)).statusCode, who).toBe(200);
    expect((await ops('POST', `/ops/v1/brands/${demo}/banners`, 'b-trader', banner())).statusCode).toBe(403);
    expect((await ops('POST', `/ops/v1/brands/${demo}/banners`, 'b-support', banner())).statusCode).toBe(403);
    expect(
      (await ops('PATCH', `/ops/v1/brands/${kartal}/banners/${mine.id}`, 'b-support', { enabled: false }))
        .statusCode,
    ).toBe(403);
    expect((await ops('DELETE', `/ops/v1/brands/${kartal}/banners/${mine.id}`, 'b-trader')).statusCode).toBe(
      403,
    );
    // Another brand's: 404, whether listed, added to, or one of its banners named.
    expect((await ops('GET', `/ops/v1/brands/${demo}/banners`, 'kb-content')).statusCode).toBe(404);
    expect((await ops('POST', `/ops/v1/brands/${demo}/banners`, 'kb-content', banner())).statusCode).toBe(
      404,
    );
    const demoBanner = (await ops('GET', `/ops/v1/brands/${demo}/banners`, 'b-content')).json()
      .result[0] as OpsBanner;
    expect(
      (await ops('DELETE', `/ops/v1/brands/${kartal}/banners/${demoBanner.id}`, 'kb-content')).statusCode,
    ).toBe(404);
    expect((await ops('GET', '/ops/v1/brands/999999/banners', 'b-content')).statusCode).toBe(404);
  });

  it('names the bad field of a new banner or a change', async () => {
    const cases: [object, string][] = [
      [{ placement: 'sports' }, 'placement'],
      [{ locale: 'de' }, 'locale'],
      [{ link: 'javascript:alert(1)' }, 'link'],
      [{ link: 'http://example.com' }, 'link'],
      [{ link: '//evil.example.com/x' }, 'link'],
      [{ alt: {} }, 'alt'],
      [{ alt: { tr: 'yalnız' } }, 'alt.en'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ startsAt: at(HOUR_MS), endsAt: at(-HOUR_MS) }, 'endsAt'],
      [{ position: 0 }, 'position'],
      [{ image: { type: 'image/svg+xml', data: PNG_1PX } }, 'image.type'],
      [{ image: { type: 'image/jpeg', data: PNG_1PX } }, 'image.data'],
      [{ image: { type: 'image/png', data: 'not base64!' } }, 'image.data'],
      [{ image: { type: 'image/png', data: 'A'.repeat(548_000) } }, 'image.data'],
    ];
    for (const [over, field] of cases) {
      const res = await ops('POST', `/ops/v1/brands/${demo}/banners`, 'b-content', { ...banner(), ...over });
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(res.json().field, JSON.stringify(over).slice(0, 80)).toBe(field);
    }
    const one = await create(demo, banner({ placement: 'casino' }));
    const url = `/ops/v1/brands/${demo}/banners/${one.id}`;
    const patches: [object, string][] = [
      [{ enabled: 'no' }, 'enabled'],
      [{ endsAt: at(-2 * HOUR_MS) }, 'endsAt'],
      [{ link: 'ftp://x' }, 'link'],
      [{ position: 1.5 }, 'position'],
    ];
    for (const [body, field] of patches) {
      const res = await ops('PATCH', url, 'b-content', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await ops('PATCH', url, 'b-content', {})).statusCode).toBe(400);
    expect(
      (await ops('PATCH', `/ops/v1/brands/${demo}/banners/999999`, 'b-content', { enabled: true }))
        .statusCode,
    ).toBe(404);
    const query = await server.app.inject({ method: 'GET', url: '/api/v1/banners?placement=footer' });
    expect(query.statusCode).toBe(400);
    expect(query.json().field).toBe('placement');
  });
});

/** A change made on one instance is answered by the other at once (the bus empties its banner lists). */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('banners per brand on two instances', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;
  let token = '';

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    [a, b] = shared.instances as [Instance, Instance];
    token = (await operatorSessions(a, [['b2-content', 'content', null]]))['b2-content']!;
  }, 240_000);
  afterAll(async () => shared?.close());

  it('a banner added and switched off on instance A shows and goes on instance B', async () => {
    const demo = (await a.modules.tenancy.service.findByHost('localhost'))!.id;
    const before = await live(b, 'localhost', 'placement=home&locale=en'); // B holds the brand's list now
    const added = await opsRequest(a)('POST', `/ops/v1/brands/${demo}/banners`, token, banner());
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result.id as number;
    const seen = async () => (await live(b, 'localhost', 'placement=home&locale=en')).map((x) => x.id);
    await expect.poll(seen).toEqual([...before.map((x) => x.id), id]);
    await opsRequest(a)('PATCH', `/ops/v1/brands/${demo}/banners/${id}`, token, { enabled: false });
    await expect.poll(seen).toEqual(before.map((x) => x.id));
  });
});
