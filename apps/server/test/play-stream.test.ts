import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureListResponseSchema, type FixtureEvent } from '@sb/contract';
import { manualClock } from '../src/lib/clock';
import { createClient, login } from './support/accounts';
import { describeOnOneBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

describeOnOneBackend('play-stream frame', (backend) => {
  let server: TestServer;
  let token: string;
  let event: FixtureEvent;
  const clock = manualClock(Date.UTC(2026, 10, 21, 12));
  beforeAll(async () => {
    server = await createTestServer(backend, { clock });
    await createClient(server, 'viewer');
    token = (await login(server, 'viewer', 'correct-horse-7')).access_token;
    event = fixtureListResponseSchema.parse(
      (await get('/api/v2/fixture/full?sport=1&onlyPre=1&per_page=5')).json(),
    ).result[0]!;
  });
  afterAll(async () => server?.close());

  function get(url: string, host = 'localhost') {
    return server.app.inject({ method: 'GET', url, headers: { host } });
  }
  const stream = (id: number | string, query: string) => get(`/api/v2/play-stream/${id}?${query}`);

  it('refuses a missing, malformed, unknown or other-app token with a JSON 401', async () => {
    await createClient(server, 'elsewhere', 'correct-horse-7', 'kartal.localhost');
    const kartal = (await login(server, 'elsewhere', 'correct-horse-7', 'kartal.localhost')).access_token;
    for (const query of [
      '',
      'access_token=',
      'access_token=short',
      `access_token=${'x'.repeat(43)}`,
      `access_token=${kartal}`,
    ]) {
      for (const path of ['', '/state']) {
        const res = await get(`/api/v2/play-stream/${event.id}${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(401);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json().error).toBe('unauthorized');
      }
    }
  });

  it('answers 404 for an unknown event and 400 naming the field for a bad id', async () => {
    const unknown = await stream(2_000_000_000, `access_token=${token}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('event');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await stream(bad, `access_token=${token}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field, bad).toBe('eventId');
    }
    expect((await stream(event.id, `access_token=${token}&locale=xx`)).statusCode).toBe(400);
  });

  it('serves the match view page with a strict policy and its texts in the asked language', async () => {
    const res = await stream(event.id, `access_token=${token}&locale=tr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // Every script on the page carries the nonce (the JSON data block is not executable).
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.filter((a) => !a.includes('application/json')).every((a) => a.includes(nonce!))).toBe(
      true,
    );
    expect(res.body).toContain('<svg viewBox="0 0 105 68"');
    expect(res.body).toContain('lang="tr"');
    expect(res.body).toContain('Maç başlamadı');
    expect(res.body).toContain(event.home.name.replace(/&/g, '&#38;'));
    // The page never embeds the token: its script reads it from its own address.
    expect(res.body).not.toContain(token);
  });

  it('keeps up with a live match: score, clock, ball and incidents in the state JSON', async () => {
    const producer = server.modules.producer;
    await producer.operator.enqueue(event.id, 'speed', { factor: 60 });
    await producer.operator.enqueue(event.id, 'start', {});
    // Run the simulator a while so incidents happen, and past the state cache.
    for (let i = 0; i < 40; i++) {
      await producer.runOnce();
      clock.advance(1000);
    }
    const res = await get(`/api/v2/play-stream/${event.id}/state?access_token=${token}&locale=en`);
    expect(res.statusCode).toBe(200);
    const view = res.json().result;
    expect(view.eventId).toBe(event.id);
    expect(view.live).toBe(true);
    expect(view.clock).toMatch(/^\d+'(\+\d+)?$|^Halftime$/);
    expect(view.home.name).toBe(event.home.name);
    expect(view.home.colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(view.ball.x).toBeGreaterThanOrEqual(0);
    expect(view.ball.x).toBeLessThanOrEqual(100);
    expect(view.incidents.length).toBeGreaterThan(0);
    expect(view.stats.map((s: { label: string }) => s.label)).toContain('Corners');
  });

  it('escapes what it draws: a name with markup stays text', async () => {
    const view = await server.modules.sports.streamMatch(event.id, 'en');
    const { playStreamHtml } = await import('../src/modules/play-stream/play-stream.page');
    const { matchView } = await import('../src/modules/play-stream/match-view');
    const hostile = {
      ...view.event,
      home: { ...view.event.home, name: '</script><img src=x onerror=alert(1)>' },
    };
    const html = playStreamHtml(
      matchView(hostile, view.incidents, view.colours, (k) => k),
      {
        t: (k) => k,
        locale: 'en',
        nonce: 'n',
        stateUrl: '/x',
      },
    );
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<\/script><img/);
  });
});
