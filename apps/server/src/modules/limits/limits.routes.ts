import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  limitSummaryResponseSchema,
  limitsResponseSchema,
  limitsUpdateSchema,
  localeQuerySchema,
  selfExclusionRequestSchema,
  timeOutRequestSchema,
} from '@sb/contract';
import type { ZodApp } from '../../lib/zod-app';
import type { Auth } from '../identity/index';
import type { LimitsService } from './limits.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['api'];
const querystring = localeQuerySchema;

/** The client's responsible-gambling calls: limits, their use, a time-out and self-exclusion (all bearer). */
export function limitsRoutes(limits: LimitsService, auth: Auth): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerLimitCalls(app, limits, auth);
    registerExclusions(app, limits, auth);
  };
}

/** The limits read and set, and their use in the current period. */
function registerLimitCalls(app: ZodApp, limits: LimitsService, auth: Auth): void {
  app.get(
    '/api/v1/user/limits',
    {
      schema: {
        tags,
        summary: 'Responsible-gambling limits, pending raises, exclusion (bearer)',
        querystring,
        response: { 200: limitsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await limits.view((await auth.requireClient(request)).id) }),
  );

  app.put(
    '/api/v1/user/limits',
    {
      schema: {
        tags,
        summary: 'Set limits: lower at once, raise after 24 h (bearer)',
        querystring,
        body: limitsUpdateSchema,
        response: { 200: limitsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await limits.update((await auth.requireClient(request)).id, request.body),
    }),
  );

  app.get(
    '/api/v1/user/limits/summary',
    {
      schema: {
        tags,
        summary: 'Each limit with its use in the current period (bearer)',
        querystring,
        response: { 200: limitSummaryResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await limits.summary((await auth.requireClient(request)).id) }),
  );
}

/** A time-out and a self-exclusion. */
function registerExclusions(app: ZodApp, limits: LimitsService, auth: Auth): void {
  app.post(
    '/api/v1/user/time-out',
    {
      schema: {
        tags,
        summary: 'Take a time-out of 24 h to 6 weeks (bearer)',
        querystring,
        body: timeOutRequestSchema,
        response: { 200: limitsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await limits.timeOut((await auth.requireClient(request)).id, request.body.hours),
    }),
  );

  app.post(
    '/api/v1/user/self-exclusion',
    {
      schema: {
        tags,
        summary: 'Exclude yourself for 6 months or more (bearer)',
        querystring,
        body: selfExclusionRequestSchema,
        response: { 200: limitsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: await limits.selfExclude((await auth.requireClient(request)).id, request.body.months),
    }),
  );
}
