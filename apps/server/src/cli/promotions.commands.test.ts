import { describe, expect, it } from 'vitest';
import type { Modules } from './command';
import { promotionCommands } from './promotions.commands';

describe('ops promotion:cashback', () => {
  it('creates the campaign through the promotions engine, audited', async () => {
    const created: unknown[] = [];
    const audited: unknown[] = [];
    const modules = {
      tenancy: { service: { findByHost: async () => ({ id: 2 }), findById: async () => ({ id: 2 }) } },
      promotions: {
        service: {
          async create(actor: unknown, input: unknown, audit: (tx: unknown, entry: object) => Promise<void>) {
            created.push({ actor, input });
            await audit('tx', { action: 'promotion.create', brandId: 2 });
            return { id: 7, startsAt: 'a', endsAt: 'b' };
          },
        },
      },
      ops: { audit: { record: async (entry: unknown) => void audited.push(entry) } },
    } as unknown as Modules;
    const lines: string[] = [];
    await promotionCommands['promotion:cashback']!.run(
      modules,
      {
        app: 'kartal.localhost',
        name: 'Weekly',
        bp: '1250',
        max: '50000',
        days: '3',
        from: '2026-12-01T00:00:00Z',
        to: '2026-12-08T00:00:00Z',
      },
      (l) => lines.push(l),
    );
    expect(created).toEqual([
      {
        actor: { username: 'cli', brandId: null },
        input: expect.objectContaining({
          kind: 'cashback',
          brandId: 2,
          name: 'Weekly',
          startsAt: '2026-12-01T00:00:00Z',
          endsAt: '2026-12-08T00:00:00Z',
          terms: { product: 'sport', basisPoints: 1250, maxAmount: 50000, expiresInDays: 3 },
        }),
      },
    ]);
    expect(audited).toEqual([
      { actor: { username: 'cli' }, action: 'promotion.create', brandId: 2, outcome: 'ok', status: 200 },
    ]);
    expect(lines).toEqual(['created cashback campaign 7 (a – b)']);
  });

  it('needs a rate and a cap', async () => {
    const modules = { tenancy: { service: { findByHost: async () => ({ id: 1 }) } } } as unknown as Modules;
    await expect(
      promotionCommands['promotion:cashback']!.run(
        modules,
        { app: 'localhost', name: 'X', max: '1' },
        () => {},
      ),
    ).rejects.toThrow('--percent');
  });
});
