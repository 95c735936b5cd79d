import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contrastProblems } from '@sb/contract';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';
import { opsSession, type OpsMethod } from './support/ops';

/**
 * Issue 35 §1: brands from the desk, on two instances (one PostgreSQL, one Redis). A brand created or changed on
 * one instance answers on the other at once, without a restart, even where that instance had cached the host as
 * unknown a moment before.
 */
(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('brands from the desk (issue 35 §1)', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;
  let kartal = 0;
  let demo = 0;
  const tokens: Record<string, string> = {};

  const ops = (on: Instance, method: OpsMethod, url: string, who: string, payload?: object) =>
    on.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload ? { payload } : {}),
      remoteAddress: '10.35.0.1',
    });
  const byHost = (on: Instance, host: string) =>
    on.app.inject({ method: 'GET', url: `/api/getAppByHostname/${host}` });
  /** Resolves when `on` has been told (over Redis) that brand `appId()` changed: its app cache is empty then. */
  function told(on: Instance): { seen: Promise<void>; expect: (id: number) => void } {
    const seenIds = new Set<number>();
    let wanted: number | null = null;
    let resolve = () => {};
    const seen = new Promise<void>((r) => (resolve = r));
    const done = () => {
      stop();
      resolve();
    };
    const stop = on.bus.subscribe('tenancy.apps', ({ appId }) => {
      seenIds.add(appId);
      if (wanted !== null && seenIds.has(wanted)) done();
    });
    return {
      seen,
      expect(id) {
        wanted = id;
        if (seenIds.has(id)) done();
      },
    };
  }

  const brand = (host: string, extra: object = {}) => ({
    name: 'Yıldız Bet',
    hostnames: [host.toUpperCase(), `www.${host}`],
    defaultLocale: 'tr',
    locales: ['tr', 'en'],
    theme: { primary: '#5B2A86', accent: '#FFB400', scheme: 'dark' },
    features: { homeVariant: 2, crash: false },
    links: { help: 'https://help.yildiz.example/', terms: '/info/terms' },
    currencyIso: 'EUR',
    timeZone: 'Europe/Berlin',
    cashbackBasisPoints: 750,
    ...extra,
  });

  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    [a, b] = shared.instances as [Instance, Instance];
    kartal = (await a.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    demo = (await a.modules.tenancy.service.findByHost('localhost'))!.id;
    const plan: [string, 'content' | 'trader' | 'admin', number | null][] = [
      ['g-content', 'content', null],
      ['k-content', 'content', kartal],
      ['g-trader', 'trader', null],
      ['k-admin', 'admin', kartal],
    ];
    for (const [username, role, brandId] of plan) {
      const password = `${username}-Brand-pass-2026`;
      await a.modules.ops.operators.create({ username, password, role, brandId });
      tokens[username] = await opsSession(a, username, password);
    }
  }, 240_000);
  afterAll(async () => shared?.close());

  it('a brand created on one instance answers on both at once, in its theme and language', async () => {
    // B has looked the host up before it existed: its cache holds the miss.
    expect((await byHost(b, 'yildiz.localhost')).statusCode).toBe(404);
    const onB = told(b);
    const created = await ops(a, 'POST', '/ops/v1/brands', 'g-content', brand('yildiz.localhost'));
    expect(created.statusCode, created.body).toBe(201);
    const result = created.json().result;
    expect(result).toMatchObject({
      name: 'Yıldız Bet',
      hostnames: ['yildiz.localhost', 'www.yildiz.localhost'],
      defaultLocale: 'tr',
      locales: ['tr', 'en'],
      metaTitle: 'Yıldız Bet',
      features: { homeVariant: 2, crash: false, casino: true, virtualSports: true, hideCasinoLinks: true },
      links: { help: 'https://help.yildiz.example/', terms: '/info/terms', privacy: null, androidApk: null },
      currencyIso: 'EUR',
      timeZone: 'Europe/Berlin',
      cashbackBasisPoints: 750,
    });
    expect(result.theme).toMatchObject({ primary: '#5b2a86', accent: '#ffb400', primaryContrast: '#ffffff' });
    expect(contrastProblems(result.theme)).toEqual([]);
    onB.expect(result.id);

    expect((await byHost(a, 'yildiz.localhost')).json()).toMatchObject({ id: result.id, name: 'Yıldız Bet' });
    await onB.seen;
    for (const host of ['yildiz.localhost', 'www.yildiz.localhost']) {
      const app = await byHost(b, host);
      expect(app.statusCode, host).toBe(200);
      expect(app.json()).toMatchObject({
        id: result.id,
        hostname: 'yildiz.localhost',
        name: 'Yıldız Bet',
        defaultLocale: 'tr',
        locales: ['tr', 'en'],
        theme: { primary: '#5b2a86' },
        features: { crash: false },
      });
    }
    const audit = await a.database.db.execute(
      sql`select actor, brand_id as "brandId", after from ops_audit_log where action = 'brand.create'`,
    );
    const rows = (audit as unknown as { rows: { actor: string; brandId: number; after: { name: string } }[] })
      .rows;
    expect(rows.map((r) => [r.actor, r.brandId, r.after.name])).toEqual([
      ['g-content', result.id, 'Yıldız Bet'],
    ]);
  });

  it('a change on one instance (name, host names, colours) is answered by the other at once', async () => {
    const id = (await byHost(a, 'yildiz.localhost')).json().id as number;
    const onA = told(a);
    onA.expect(id);
    const changed = await ops(b, 'PATCH', `/ops/v1/brands/${id}`, 'g-content', {
      name: 'Yıldız Bahis',
      hostnames: ['yildiz.localhost', 'm.yildiz.localhost'],
      theme: { primary: '#0a5c36', accent: '#e0a800', scheme: 'light' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await onA.seen;
    expect((await byHost(a, 'm.yildiz.localhost')).json()).toMatchObject({
      name: 'Yıldız Bahis',
      theme: { primary: '#0a5c36', background: '#f4f5f7' },
    });
    expect((await byHost(a, 'www.yildiz.localhost')).statusCode).toBe(404);
  });

  it('host names are unique across brands: 409 conflict naming hostnames, also when two instances race', async () => {
    const taken = await ops(a, 'POST', '/ops/v1/brands', 'g-content', brand('kartal.localhost'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'conflict', field: 'hostnames' });
    expect(taken.json().message).toContain('kartal.localhost');
    const steal = await ops(b, 'PATCH', `/ops/v1/brands/${kartal}`, 'g-content', {
      hostnames: ['kartal.localhost', 'localhost'],
    });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().field).toBe('hostnames');
    expect((await byHost(a, 'localhost')).json().id).toBe(demo);

    const twins = await Promise.all(
      [a, b, a, b].map((on) => ops(on, 'POST', '/ops/v1/brands', 'g-content', brand('twin.localhost'))),
    );
    expect(twins.map((t) => t.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const t of twins.filter((x) => x.statusCode === 409)) expect(t.json().field).toBe('hostnames');
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ hostnames: [] }, 'hostnames'],
      [{ hostnames: ['not a host'] }, 'hostnames.0'],
      [{ hostnames: ['x.localhost', 'X.localhost'] }, 'hostnames'],
      [{ locales: ['de'] }, 'locales.0'],
      [{ defaultLocale: 'en', locales: ['tr'] }, 'defaultLocale'],
      [{ theme: { primary: 'red', accent: '#000000' } }, 'theme.primary'],
      [{ theme: { primary: '#000000' } }, 'theme.accent'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ currencyIso: 'lira' }, 'currencyIso'],
      [{ cashbackBasisPoints: 10_001 }, 'cashbackBasisPoints'],
      [{ links: { help: 'javascript:alert(1)' } }, 'links.help'],
      [{ features: { homeVariant: 3 } }, 'features.homeVariant'],
    ];
    for (const [change, field] of cases) {
      const res = await ops(a, 'POST', '/ops/v1/brands', 'g-content', brand('bad.localhost', change));
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      expect(res.json().field, JSON.stringify(change)).toBe(field);
    }
    const patch = await ops(b, 'PATCH', `/ops/v1/brands/${kartal}`, 'g-content', {
      defaultLocale: 'en',
      locales: ['tr'],
    });
    expect(patch.json().field).toBe('defaultLocale');
    const dropDefault = await ops(b, 'PATCH', `/ops/v1/brands/${kartal}`, 'g-content', { locales: ['en'] });
    expect(dropDefault.statusCode).toBe(400);
    expect(dropDefault.json().field).toBe('defaultLocale');
    expect((await ops(b, 'PATCH', `/ops/v1/brands/${kartal}`, 'g-content', {})).statusCode).toBe(400);
    expect((await byHost(a, 'bad.localhost')).statusCode).toBe(404);
  });

  it('roles and scope: content and admin manage brands; a brand’s operator only its own and creates none', async () => {
    expect((await ops(a, 'GET', '/ops/v1/brands', 'g-trader')).statusCode).toBe(403);
    const mine = await ops(b, 'GET', '/ops/v1/brands', 'k-content');
    expect(mine.json().result.map((x: { id: number }) => x.id)).toEqual([kartal]);
    const all = await ops(b, 'GET', '/ops/v1/brands', 'g-content');
    expect(all.json().result.length).toBeGreaterThanOrEqual(4);
    const create = await ops(a, 'POST', '/ops/v1/brands', 'k-content', brand('kbrand.localhost'));
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('a new brand: an all-brands operator is needed');
    const other = await ops(a, 'PATCH', `/ops/v1/brands/${demo}`, 'k-admin', { name: 'Taken over' });
    expect(other.statusCode).toBe(404);
    const own = await ops(a, 'PATCH', `/ops/v1/brands/${kartal}`, 'k-content', { cashbackBasisPoints: 600 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result.cashbackBasisPoints).toBe(600);
    expect((await byHost(a, 'localhost')).json().name).toBe('Demo Bet');
  });
});
