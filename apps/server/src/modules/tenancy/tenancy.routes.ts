import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appSchema,
  clientCredentialSchema,
  errorBodySchema,
  hostParamsSchema,
  localeQuerySchema,
} from '@sb/contract';
import { brandLogoRoutes } from './brand-logo.routes';
import type { TenancyService } from './tenancy.service';
import type { TenantResolver } from './tenant-resolver';

export function tenancyRoutes(service: TenancyService, resolveTenant: TenantResolver): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/getAppByHostname/:host',
      {
        schema: {
          tags: ['core'],
          summary: 'Resolve the operator app (brand) from a host name',
          params: hostParamsSchema,
          querystring: localeQuerySchema,
          response: { 200: appSchema, 404: errorBodySchema },
        },
      },
      async (request) => service.getByHost(request.params.host),
    );

    app.get(
      '/api/v1/get/client',
      {
        schema: {
          tags: ['api'],
          summary: "The app's public OAuth client credential",
          querystring: localeQuerySchema,
          response: { 200: clientCredentialSchema, 404: errorBodySchema },
        },
      },
      async (request) => service.clientCredential(await resolveTenant(request)),
    );

    await fastify.register(brandLogoRoutes(service));
  };
}
