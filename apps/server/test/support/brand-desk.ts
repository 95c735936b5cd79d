// Set-ups of the brand desk's suites (issue 35 §1): one server with the seeded brands and a plan of operators,
// or two instances on one PostgreSQL and Redis with an all-brands operator.
import { afterAll, beforeAll } from 'vitest';
import type { OpsRole } from '@sb/contract';
import type { BackendName } from './databases';
import { startInstances, type Instance } from './instances';
import { operatorSessions, opsRequest, type OpsMethod } from './ops';
import { createTestServer, type TestServer } from './server';

/**
 * A test server (a tenth of the catalogue) for a suite: the Demo Bet and Kartal brands' ids, and the operators
 * `plan(kartal)` names each signed in; `ops(method, url, who, body?)` sends a desk request as one of them.
 */
export function useBrandDesk(
  backend: BackendName,
  plan: (kartal: number) => [string, OpsRole, number | null][],
) {
  const desk = {
    server: undefined as unknown as TestServer,
    demo: 0,
    kartal: 0,
    tokens: {} as Record<string, string>,
    ops: (method: OpsMethod, url: string, who: string, payload?: object) =>
      opsRequest(desk.server)(method, url, desk.tokens[who], payload),
  };
  beforeAll(async () => {
    desk.server = await createTestServer(backend, { config: { CATALOGUE_SCALE: 0.1 } });
    desk.demo = (await desk.server.modules.tenancy.service.findByHost('localhost'))!.id;
    desk.kartal = (await desk.server.modules.tenancy.service.findByHost('kartal.localhost'))!.id;
    desk.tokens = await operatorSessions(desk.server, plan(desk.kartal));
  }, 120_000);
  afterAll(async () => desk.server?.close());
  return desk;
}

/** Two instances on one PostgreSQL and Redis (a tenth of the catalogue), an all-brands operator signed in on A. */
export function useInstancePair(username: string, role: OpsRole) {
  const pair = { a: undefined as unknown as Instance, b: undefined as unknown as Instance, token: '' };
  let shared: Awaited<ReturnType<typeof startInstances>> | undefined;
  beforeAll(async () => {
    shared = await startInstances(2, { CATALOGUE_SCALE: 0.1 });
    [pair.a, pair.b] = shared.instances as [Instance, Instance];
    pair.token = (await operatorSessions(pair.a, [[username, role, null]]))[username]!;
  }, 240_000);
  afterAll(async () => shared?.close());
  return pair;
}
