import {
  opsCommandResponseSchema,
  opsCommandStatusResponseSchema,
  opsFixturesResponseSchema,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { OPERATOR_COMMANDS, type FeedProducer } from '../producer/index';
import { ResultInputError, type ResultInput, type SportsModule } from '../sports/index';
import { audited } from './audit-hook';
import { opsIdParam, opsAnswers } from './ops.schemas';
import { resultFactsSchema } from './result-facts.schema';

const commandBody = z.discriminatedUnion('command', [
  z.object({ command: z.enum(OPERATOR_COMMANDS.filter((c) => c !== 'speed' && c !== 'result')) }),
  z.object({ command: z.literal('speed'), factor: z.number().min(0.1).max(1000) }),
  resultFactsSchema.extend({ command: z.literal('result') }),
]);

/** An impossible result (score above the final, goals that do not add up, unknown player) → 400 naming the field. */
async function checkResult(producer: FeedProducer, eventId: number, input: ResultInput): Promise<void> {
  try {
    await producer.checkResult(eventId, input);
  } catch (e) {
    if (e instanceof ResultInputError) throw new HttpError(400, 'validation', e.message, e.field);
    throw e;
  }
}

/** One simulated event as the fixtures list shows it. */
const fixtureView = (e: Awaited<ReturnType<FeedProducer['operatorEvents']>>[number]) => ({
  id: e.id,
  sportId: e.sportId,
  status: e.status,
  startAt: e.startAt.toISOString(),
  periodTime: e.periodTime,
  score: e.data.score,
  speed: e.speed,
  paused: e.paused,
});

type SimulatorDeps = { sports: SportsModule; producer: FeedProducer };

/** Simulator steering (the automation API of before): events, commands on them, virtual rounds. */
export function simulatorRoutes(deps: SimulatorDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerFixtureRoutes(fastify, deps);
    registerCommandRoutes(fastify, deps);
  };
}

/** GET the simulated events and POST a command on one (checked against the catalogue first). */
function registerFixtureRoutes(fastify: FastifyInstance, { sports, producer }: SimulatorDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/fixtures',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsFixturesResponseSchema),
        summary: 'Events for the operator',
        querystring: z.object({
          status: z.enum(['live', 'not_started', 'ended']).default('live'),
          limit: z.coerce.number().int().min(1).max(500).default(20),
        }),
      },
    },
    async (request) => {
      const list = await producer.operatorEvents([request.query.status], request.query.limit);
      return {
        result: list.map((e) => fixtureView(e)),
      };
    },
  );

  app.post(
    '/ops/v1/fixtures/:eventId/commands',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsCommandResponseSchema, [200, 202]),
        summary: 'Queue a simulator command (start, pause, resume, speed, finish, result) and wait for it',
        params: z.object({ eventId: opsIdParam }),
        body: commandBody,
      },
    },
    async (request, reply) => {
      const { eventId: id } = request.params;
      await sports.service.eventRecord(id); // 404 for an unknown event
      const { command, ...args } = request.body;
      if (request.body.command === 'result') await checkResult(producer, id, args as ResultInput);
      const outcome = await producer.command(id, command, args);
      if (outcome.status === 'failed')
        throw new HttpError(409, 'command_failed', outcome.error ?? 'command failed');
      audited(request, {
        action: `fixture.${command}`,
        target: `event:${id}`,
        after: { command, ...args, status: outcome.status },
      });
      // A result says which markets it settled and which it voided (the input could not decide them).
      const markets =
        command === 'result' && outcome.status === 'applied' ? await producer.resultSummary(id) : undefined;
      return reply
        .code(outcome.status === 'queued' ? 202 : 200)
        .send({ result: markets ? { ...outcome, markets } : outcome });
    },
  );
}

/** GET a command's status and POST a command on the virtual rounds. */
function registerCommandRoutes(fastify: FastifyInstance, { producer }: SimulatorDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/commands/:id',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsCommandStatusResponseSchema),
        summary: 'A queued simulator command: applied, failed (with its error) or still queued',
        params: z.object({ id: opsIdParam }),
      },
    },
    async (request) => {
      const row = await producer.commandStatus(request.params.id);
      if (!row) throw new HttpError(404, 'not_found', 'command not found');
      const status = row.appliedAt
        ? row.error
          ? ('failed' as const)
          : ('applied' as const)
        : ('queued' as const);
      return { result: { id: row.id, status, error: row.error ?? null } };
    },
  );

  app.post(
    '/ops/v1/virtual/commands',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsCommandResponseSchema, [200, 202]),
        summary:
          'Virtual football: kick the next round off now (`start`) or play the rounds in play to the end (`finish`)',
        body: z.object({ command: z.enum(['start', 'finish']) }),
      },
    },
    async (request, reply) => {
      const command = request.body.command === 'start' ? 'round_start' : 'round_finish';
      // Round commands name no event: queued with event id 0 for the simulator leader, like the others.
      const outcome = await producer.command(0, command, {});
      if (outcome.status === 'failed')
        throw new HttpError(409, 'command_failed', outcome.error ?? 'command failed');
      audited(request, {
        action: `virtual.${request.body.command}`,
        target: 'virtual:rounds',
        after: { command: request.body.command, status: outcome.status },
      });
      return reply.code(outcome.status === 'queued' ? 202 : 200).send({ result: outcome });
    },
  );
}
