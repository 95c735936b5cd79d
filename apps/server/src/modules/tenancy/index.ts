import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { createTenancyRepository } from './tenancy.repository';
import { tenancyRoutes } from './tenancy.routes';
import { createTenancyService } from './tenancy.service';
import { createTenantResolver } from './tenant-resolver';

export type { AppWithHost } from './tenancy.repository';
export type { TenancyService, CreateAppInput } from './tenancy.service';
export type { TenantResolver } from './tenant-resolver';
export { parseBrandLink, toApp } from './tenancy.service';
export { DEMO_THEME, seedTenancy } from './tenancy.seed';

export function createTenancyModule(deps: { db: Db; clock: Clock; ids: IdSource }) {
  const service = createTenancyService({
    repo: createTenancyRepository(deps.db),
    clock: deps.clock,
    ids: deps.ids,
  });
  const resolveTenant = createTenantResolver(service);
  return { service, resolveTenant, routes: tenancyRoutes(service, resolveTenant) };
}

export type TenancyModule = ReturnType<typeof createTenancyModule>;
