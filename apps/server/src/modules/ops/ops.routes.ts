import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@sb/contract';
import { HttpError } from '../../plugins/errors';
import { OPERATOR_COMMANDS, type FixturesModule } from '../fixtures/index';

const commandBody = z.discriminatedUnion('command', [
  z.object({ command: z.enum(OPERATOR_COMMANDS.filter((c) => c !== 'speed' && c !== 'result')) }),
  z.object({ command: z.literal('speed'), factor: z.number().min(0.1).max(1000) }),
  z.object({
    command: z.literal('result'),
    home: z.number().int().min(0).max(1000),
    away: z.number().int().min(0).max(1000),
  }),
]);

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The operator's HTTP API: what `npm run ops -- fixture:*` does, for a running server on any database
 * (the CLI needs PostgreSQL to reach a running server; PGlite is one process). Off unless OPERATOR_TOKEN is set.
 */
export function opsRoutes(fixtures: FixturesModule, operatorToken: string): FastifyPluginAsync {
  const expected = digest(operatorToken);
  const requireOperator = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/i.exec(header)?.[1] ?? '';
    // Compare digests: constant time whatever the presented token's length.
    if (!timingSafeEqual(digest(token), expected))
      throw new HttpError(401, 'unauthorized', 'operator token required');
  };

  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireOperator);

    app.get(
      '/ops/v1/fixtures',
      {
        schema: {
          tags: ['ops'],
          summary: 'Events for the operator (bearer OPERATOR_TOKEN)',
          querystring: z.object({
            status: z.enum(['live', 'not_started', 'ended']).default('live'),
            limit: z.coerce.number().int().min(1).max(500).default(20),
          }),
        },
      },
      async (request) => {
        const list = await fixtures.operatorEvents([request.query.status], request.query.limit);
        return {
          result: list.map((e) => ({
            id: e.id,
            sportId: e.sportId,
            status: e.status,
            startAt: e.startAt.toISOString(),
            periodTime: e.periodTime,
            score: e.data.score,
            speed: e.speed,
            paused: e.paused,
          })),
        };
      },
    );

    app.post(
      '/ops/v1/fixtures/:eventId/commands',
      {
        schema: {
          tags: ['ops'],
          summary: 'Queue a simulator command (start, pause, resume, speed, finish, result) and wait for it',
          params: z.object({ eventId: idParamSchema }),
          body: commandBody,
        },
      },
      async (request, reply) => {
        const { eventId: id } = request.params;
        await fixtures.service.eventRecord(id); // 404 for an unknown event
        const { command, ...args } = request.body;
        const outcome = await fixtures.command(id, command, args);
        if (outcome.status === 'failed')
          throw new HttpError(409, 'command_failed', outcome.error ?? 'command failed');
        return reply.code(outcome.status === 'queued' ? 202 : 200).send({ result: outcome });
      },
    );
  };
}
