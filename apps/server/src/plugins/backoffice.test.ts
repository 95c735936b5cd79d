import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBackoffice } from './backoffice';

/** The desk's deep links (issue 34 item 1): any view's URL answers the desk's page, a missing file a JSON 404. */
describe('back office under /backoffice/', () => {
  let app: FastifyInstance;
  let dist = '';
  const PAGE = '<!doctype html><div id="root"></div>';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sb-desk-'));
    mkdirSync(`${dist}/assets`);
    writeFileSync(`${dist}/index.html`, PAGE);
    writeFileSync(`${dist}/assets/index-abc.js`, 'console.log(1)');
    writeFileSync(`${dist}/assets/index-abc.js.map`, '{}');
    app = Fastify();
    await registerBackoffice(app, dist);
    // The app's own 404 for everything else (the web plugin's, in the server).
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ error: 'not_found', message: 'elsewhere' }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the desk’s page for every view’s deep link, uncached and unframed', async () => {
    for (const url of [
      '/backoffice/',
      '/backoffice/ticker?brand=2&live=true',
      '/backoffice/liability/1234',
      '/backoffice/clients/12',
      '/backoffice/results/99?state=resulted',
      '/backoffice/audit?outcome=refused',
      '/backoffice/events/1/markets',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(PAGE);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await app.inject({ method: 'GET', url: '/backoffice' })).headers.location).toBe('/backoffice/');
  });

  it('serves the assets immutable; a missing file, a source map or a write is a JSON 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const [method, url] of [
      ['GET', '/backoffice/assets/index-missing.js'],
      ['GET', '/backoffice/assets/index-abc.js.map'],
      ['GET', '/backoffice/favicon.ico'],
      ['POST', '/backoffice/clients/12'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: 'not_found' });
    }
    expect((await app.inject({ method: 'GET', url: '/elsewhere/x' })).json().message).toBe('elsewhere');
  });
});
