import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { EventBus } from '../../plugins/bus';
import { brandsOpsRoutes, type BrandsOpsContext } from './brands.routes';
import type { Clock } from '../../lib/clock';
import type { IdSource } from '../../lib/ids';
import { createTenancyRepository } from './tenancy.repository';
import { tenancyRoutes } from './tenancy.routes';
import { createTenancyService } from './tenancy.service';
import { createTenantResolver } from './tenant-resolver';

export type { AppWithHost } from './tenancy.repository';
export type { TenancyService, CreateAppInput, BrandRow } from './tenancy.service';
export { brandToCreate } from './brands';
export type { TenantResolver } from './tenant-resolver';
export { parseBrandLink, toApp } from './tenancy.service';
export { DEMO_THEME, seedTenancy } from './tenancy.seed';

/**
 * Brands ("apps"): resolved from the visitor's host name, created and changed from the desk or the CLI. A change
 * on one instance reaches every instance's app cache over the bus (`tenancy.apps`); a bus gap empties it too.
 */
export function createTenancyModule(deps: { db: Db; clock: Clock; ids: IdSource; bus: EventBus }) {
  const { db, bus } = deps;
  const service = createTenancyService({
    repo: createTenancyRepository(db),
    transaction: (work) => db.transaction((tx) => work(createTenancyRepository(tx), tx)),
    announce: (appId) => bus.publish('tenancy.apps', { appId }),
    clock: deps.clock,
    ids: deps.ids,
  });
  bus.subscribe('tenancy.apps', () => service.forget());
  bus.onGap(() => service.forget());
  const resolveTenant = createTenantResolver(service);
  return {
    service,
    resolveTenant,
    routes: tenancyRoutes(service, resolveTenant),
    /** `/ops/v1/brands`: registered by the ops module under its authentication and role checks. */
    opsRoutes: (ops: BrandsOpsContext): FastifyPluginAsync => brandsOpsRoutes(service, ops),
  };
}

export type TenancyModule = ReturnType<typeof createTenancyModule>;
