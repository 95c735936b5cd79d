import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLog } from './audit';
import { audited, auditedInTransaction, opsAuditHook } from './audit-hook';
import type { OperatorContext } from './operators';

/** A fake audit log: what the hook wrote, and an optional failure of the store. */
function fakeAudit(fail = false) {
  const entries: AuditEntry[] = [];
  const audit = {
    record: async (entry: AuditEntry) => {
      if (fail) throw new Error('store down');
      entries.push(entry);
    },
    list: async () => [],
  } as unknown as AuditLog;
  return { audit, entries };
}

const TRADER: OperatorContext = {
  operatorId: 7,
  username: 'trader',
  role: 'trader',
  brandId: 2,
  scope: 'full',
} as OperatorContext;

/** An app with the hook and a few routes that declare their audit as the ops routes do. */
async function appWith(audit: AuditLog, refusedAnonymously: number[]) {
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization) request.operator = TRADER;
  });
  app.addHook(
    'onSend',
    opsAuditHook({
      audit,
      metrics: { opsAnonymousRefused: (status: number) => refusedAnonymously.push(status) },
      now: () => 0,
    }),
  );
  app.post('/ops/v1/things', async (request, reply) => {
    audited(request, { action: 'thing.create', target: 'thing:1', after: { a: 1 } });
    return reply.code(201).send({ result: { id: 1 } });
  });
  app.post('/ops/v1/other-brand', async (request) => {
    audited(request, { action: 'limit.set', brandId: null, reason: 'why' });
    return { result: {} };
  });
  app.post('/ops/v1/in-transaction', async (request) => {
    auditedInTransaction(request);
    return { result: {} };
  });
  app.post('/ops/v1/read', async () => ({ result: [] }));
  app.post('/ops/v1/refuse', async (request) => {
    audited(request, { action: 'never' });
    throw Object.assign(new Error('no'), { statusCode: 409 });
  });
  await app.ready();
  return app;
}

describe('the ops audit hook', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => app?.close());
  const post = (url: string, auth = true, payload: object = {}) =>
    app!.inject({ method: 'POST', url, payload, headers: auth ? { authorization: 'Bearer x' } : {} });

  it('writes a success’s note once with the operator, its brand, the address and the reply’s status', async () => {
    const { audit, entries } = fakeAudit();
    app = await appWith(audit, []);
    expect((await post('/ops/v1/things')).statusCode).toBe(201);
    expect((await post('/ops/v1/other-brand')).statusCode).toBe(200);
    expect((await post('/ops/v1/read')).statusCode).toBe(200);
    expect((await post('/ops/v1/in-transaction')).statusCode).toBe(200);
    expect(entries).toEqual([
      {
        action: 'thing.create',
        target: 'thing:1',
        after: { a: 1 },
        actor: TRADER,
        brandId: 2,
        outcome: 'ok',
        status: 201,
        address: '127.0.0.1',
      },
      expect.objectContaining({ action: 'limit.set', brandId: null, reason: 'why', status: 200 }),
    ]);
  });

  it('writes a known operator’s refusal instead of the note, and only counts anonymous ones', async () => {
    const { audit, entries } = fakeAudit();
    const anonymous: number[] = [];
    app = await appWith(audit, anonymous);
    expect((await post('/ops/v1/refuse', true, { reason: 'x'.repeat(150) })).statusCode).toBe(409);
    expect((await post('/ops/v1/refuse', false)).statusCode).toBe(409);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'POST /ops/v1/refuse',
        outcome: 'refused',
        status: 409,
        actor: TRADER,
        reason: 'x'.repeat(100),
      }),
    ]);
    expect(anonymous).toEqual([409]);
  });

  it('fails the request when a change’s entry cannot be written (never a silent unaudited change)', async () => {
    const { audit } = fakeAudit(true);
    app = await appWith(audit, []);
    expect((await post('/ops/v1/things')).statusCode).toBe(500);
    // A read writes nothing, so it does not depend on the store.
    expect((await post('/ops/v1/read')).statusCode).toBe(200);
  });
});
