import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the route schemas; Swagger UI at /docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sportsbook API',
        description: 'The {core}, {api} and {bsapi} calls of the spec',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI's own policy (its inline scripts by hash), not the app's; framed only by this server, and no
  // upgrade of plain-HTTP requests (a local server has no TLS).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
