import type { FastifyRequest } from 'fastify';
import { idParamSchema } from '@sb/contract';
import { HttpError } from '../../plugins/errors';
import type { AppWithHost } from './tenancy.repository';
import type { TenancyService } from './tenancy.service';

/** Finds the app a request belongs to: the `X-App` header (app id, sent by the web) or the Host. */
export type TenantResolver = (request: FastifyRequest) => Promise<AppWithHost>;

export function createTenantResolver(service: TenancyService): TenantResolver {
  return async (request) => {
    const header = request.headers['x-app'];
    if (typeof header === 'string' && header !== '') {
      const parsed = idParamSchema.safeParse(header);
      if (!parsed.success) throw new HttpError(400, 'validation', 'X-App must be an app id', 'X-App');
      const id = parsed.data;
      const app = await service.findById(id);
      if (!app) throw new HttpError(404, 'unknown_app', `no app ${id}`);
      return app;
    }
    const app = await service.findByHost(request.hostname);
    if (!app) throw new HttpError(404, 'unknown_app', `no site is configured for host ${request.hostname}`);
    return app;
  };
}
