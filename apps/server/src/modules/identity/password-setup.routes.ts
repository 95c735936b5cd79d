import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  localeQuerySchema,
  passwordSetupBodySchema,
  passwordSetupCheckBodySchema,
  passwordSetupCheckResponseSchema,
  passwordSetupResponseSchema,
} from '@sb/contract';
import { HttpError, badRequest } from '../../plugins/errors';
import { translatorFor } from '../content/index';
import { PasswordRuleError, type SetupLinks } from './setup-links';

const errors = { 400: errorBodySchema, 429: errorBodySchema };

/**
 * Issue 35 §2, the player's side of a one-time link (`/{lang}/set-password?token=…`): whether it is live, and
 * setting the password (the change-password rules; counted like a login from the address: 429 over the limit).
 * The token travels in request bodies only, never in a path: request log lines carry paths (plugins/logger.ts).
 */
export function passwordSetupRoutes(links: SetupLinks): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['api'];

    app.post(
      '/api/v1/password-setup/check',
      {
        schema: {
          tags,
          summary: 'Whether a set-password link is live, whose it is and until when (the token in the body)',
          body: passwordSetupCheckBodySchema,
          querystring: localeQuerySchema,
          response: { 200: passwordSetupCheckResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const live = await links.check(request.body.token);
        if (!live)
          throw new HttpError(400, 'invalid_token', 'this link is unknown, expired or already used', 'token');
        return { result: { ...live, expiresAt: live.expiresAt.toISOString() } };
      },
    );

    app.post(
      '/api/v1/password-setup',
      {
        schema: {
          tags,
          summary: 'Set the password through a one-time link (the client then logs in with it)',
          querystring: localeQuerySchema,
          body: passwordSetupBodySchema,
          response: { 200: passwordSetupResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          return { result: await links.use({ ...request.body, address: request.ip }) };
        } catch (error) {
          if (error instanceof PasswordRuleError)
            throw badRequest('password', translatorFor(request)(error.key));
          throw error;
        }
      },
    );
  };
}
