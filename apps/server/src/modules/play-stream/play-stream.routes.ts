import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema, localeQuerySchema } from '@sb/contract';
import { requestLocale } from '../../lib/locale';
import type { Auth } from '../identity/index';
import type { Translate } from './match-view';
import { playStreamHtml } from './play-stream.page';
import type { PlayStreamService } from './play-stream.service';
import type { Locale } from '@sb/contract';

const paramsSchema = z.object({ eventId: idParamSchema });
/** The token is in the query (spec §7: the frame cannot send headers); request logs never carry the query. */
const querySchema = localeQuerySchema.extend({ access_token: z.string().max(512).optional() });
const team = z.object({ name: z.string(), colour: z.string(), score: z.number() });
const side = z.enum(['home', 'away']).nullable();
const stateResponseSchema = z.object({
  result: z.object({
    eventId: z.number(),
    sportId: z.number(),
    live: z.boolean(),
    ended: z.boolean(),
    home: team,
    away: team,
    clock: z.string(),
    phase: z.string(),
    startDate: z.string().nullable(),
    ball: z.object({ x: z.number(), y: z.number(), moving: z.boolean() }),
    play: z.string(),
    headline: z
      .object({ key: z.string(), recent: z.boolean(), type: z.string(), team: side, text: z.string() })
      .nullable(),
    stats: z.array(z.object({ label: z.string(), home: z.number(), away: z.number() })),
    incidents: z.array(z.object({ minute: z.string(), type: z.string(), team: side, text: z.string() })),
  }),
});
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * The page's policy: nothing loads from anywhere but its own inline style and its one nonce'd script, which may
 * only call back to this server; only this server's pages may frame it. The token is in the URL, so no referrer
 * ever leaves the page.
 */
function secure(reply: FastifyReply, nonce?: string): FastifyReply {
  const script = nonce ? `; script-src 'nonce-${nonce}'; connect-src 'self'` : '';
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'${script}; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
}

/** `GET /api/v2/play-stream/{eventId}`: the stream frame of spec §7, a live 2D match view (see README). */
export function playStreamRoutes(
  service: PlayStreamService,
  auth: Auth,
  translator: (locale: Locale) => Translate,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['stream'];

    app.get(
      '/api/v2/play-stream/:eventId',
      {
        schema: {
          tags,
          summary: 'Live match view of an event for a frame (logged-in clients: access_token)',
          params: paramsSchema,
          querystring: querySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        await auth.requireClientToken(request, request.query.access_token ?? null);
        const locale = requestLocale(request);
        const view = await service.view(request.params.eventId, locale);
        const nonce = randomBytes(16).toString('base64');
        const html = playStreamHtml(view, {
          t: translator(locale),
          locale,
          nonce,
          stateUrl: `/api/v2/play-stream/${view.eventId}/state`,
        });
        return secure(reply, nonce).type('text/html; charset=utf-8').send(html);
      },
    );

    app.get(
      '/api/v2/play-stream/:eventId/state',
      {
        schema: {
          tags,
          summary: 'The state the match view draws: score, clock, ball, incidents (access_token)',
          params: paramsSchema,
          querystring: querySchema,
          response: { 200: stateResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await auth.requireClientToken(request, request.query.access_token ?? null);
        secure(reply);
        return { result: await service.view(request.params.eventId, requestLocale(request)) };
      },
    );
  };
}
