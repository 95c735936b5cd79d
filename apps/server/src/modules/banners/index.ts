import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { bannersOpsRoutes, type BannersOpsContext } from './banners-ops.routes';
import { bannersRoutes } from './banners.routes';
import { createBannersService, type BannerBrand } from './banners.service';

export type { BannersService } from './banners.service';

/**
 * Brands' banners (issue 35 §1): the desk's routes (registered by the ops module) and the player app's list and
 * pictures. A change on one instance reaches every instance's banner lists over the bus (`banners.changed`); a
 * bus gap empties them too.
 */
export function createBannersModule(deps: {
  db: Db;
  clock: Clock;
  bus: EventBus;
  brand: (appId: number) => Promise<BannerBrand | null>;
  appOf: (request: FastifyRequest) => Promise<{ id: number; defaultLocale: string }>;
}) {
  const { bus } = deps;
  const service = createBannersService({
    db: deps.db,
    clock: deps.clock,
    brand: deps.brand,
    announce: (appId) => bus.publish('banners.changed', { appId }),
  });
  bus.subscribe('banners.changed', ({ appId }) => service.forget(appId));
  bus.onGap(() => service.forget());
  return {
    service,
    routes: bannersRoutes({ banners: service, appOf: deps.appOf }),
    /** `/ops/v1/brands/{id}/banners`: registered by the ops module under its authentication and role checks. */
    opsRoutes: (ops: BannersOpsContext): FastifyPluginAsync => bannersOpsRoutes(service, ops),
  };
}

export type BannersModule = ReturnType<typeof createBannersModule>;
