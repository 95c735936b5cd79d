import {
  opsAdjustmentBodySchema,
  OPS_ADJUSTMENT_STATUSES,
  opsAdjustmentDecisionBodySchema,
  opsAdjustmentQueueResponseSchema,
  opsAdjustmentResponseSchema,
  opsClient360ResponseSchema,
  opsClientBlockBodySchema,
  opsClientBlockResponseSchema,
  opsClientNoteBodySchema,
  opsClientNoteResponseSchema,
  opsClientSearchResponseSchema,
  type OpsClient360,
} from '@sb/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { brandScope, ctxOf } from './access';
import { auditedInTransaction } from './audit-hook';
import type { AdjustmentQueue } from './adjustment-queue';
import type { ClientDesk } from './client-desk';
import type { Acting, ClientOffice, ClientRef } from './client-office';
import { opsAnswers, opsBigIdParam, opsIdParam } from './ops.schemas';

const params = z.object({ id: opsIdParam });
const adjustmentParams = z.object({ id: opsIdParam, adjustmentId: opsBigIdParam });
const idempotencyHeader = z.object({ 'idempotency-key': z.string().trim().min(1).max(100).optional() });

/** The desk's page of a bet (the client 360's deep links). */
export const betLink = (id: number) => `/backoffice/bets/${id}`;

type ClientOfficeDeps = { clients: ClientDesk; office: ClientOffice; queue: AdjustmentQueue };

/** The client if the operator may see them (their brand), else 404. */
async function visibleClient(office: ClientOffice, request: FastifyRequest, id: number): Promise<ClientRef> {
  const client = await office.client(id);
  const brandId = ctxOf(request).brandId;
  if (!client || (brandId !== null && client.appId !== brandId))
    throw new HttpError(404, 'not_found', 'client not found');
  return client;
}
/** Who acts and from where, as the office records it. */
const acting = (request: FastifyRequest): Acting => ({ operator: ctxOf(request), address: request.ip });

/** The client 360: the client page with the office's extras and every bet linked to its page. */
async function client360(
  { clients, office }: Pick<ClientOfficeDeps, 'clients' | 'office'>,
  client: ClientRef,
): Promise<OpsClient360> {
  const page = await clients.page(client.id);
  if (!page) throw new HttpError(404, 'not_found', 'client not found');
  const { sportsStakes, ...extras } = await office.extras(client);
  const bets = [...page.openBets, ...page.settledBets]
    .sort((a, b) => b.id - a.id)
    .map((b) => ({ ...b, link: betLink(b.id) }));
  return { ...page, ...extras, lifetime: { sportsStakes, casinoStakes: page.ggr.casino.stakes }, bets };
}

/**
 * Issue 35 §2 on `/ops/v1/clients`: the search (id, username, name, e-mail, address; paged), the client 360, and
 * the actions — block / unblock (trader, admin), notes (every role that looks after clients), manual adjustments
 * and their second operator's approval (finance, admin). Each action is audited in its own transaction; another
 * brand's client is a 404 for a brand's operator.
 */
export function clientOfficeRoutes(deps: ClientOfficeDeps): FastifyPluginAsync {
  return async (fastify) => {
    registerClientReads(fastify, deps);
    registerClientActions(fastify, deps);
    registerAdjustments(fastify, deps);
    registerAdjustmentQueue(fastify, deps);
  };
}

/** GET the client search and one client's 360, in the operator's brand scope. */
function registerClientReads(fastify: FastifyInstance, deps: ClientOfficeDeps): void {
  const { office } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/clients',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsClientSearchResponseSchema),
        summary:
          'Find clients by id, username or e-mail (prefix), name (any part) or an address they bet or logged in from; newest first, paged',
        querystring: z.object({
          q: z.string().trim().min(1).max(100),
          brand: opsIdParam.optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const brandId = brandScope(ctxOf(request), q.brand);
      return { result: await office.search(q.q, brandId, q.limit, q.page) };
    },
  );

  app.get(
    '/ops/v1/clients/:id',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsClient360ResponseSchema),
        summary:
          'The client 360: profile, balances, stakes, GGR, bets (with their desk links), transactions, responsible gambling, logins, notes, block and adjustments',
        params,
      },
    },
    async (request) => ({
      result: await client360(deps, await visibleClient(office, request, request.params.id)),
    }),
  );
}

/** POST block, unblock and a note on a client: each audited in its own transaction. */
function registerClientActions(fastify: FastifyInstance, { office }: ClientOfficeDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const block of [true, false])
    app.post(
      `/ops/v1/clients/:id/${block ? 'block' : 'unblock'}`,
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsClientBlockResponseSchema),
          summary: block
            ? 'Block a client: they log in, withdraw and see their history, but cannot bet or play'
            : 'Unblock a client',
          params,
          body: opsClientBlockBodySchema,
        },
      },
      async (request) => {
        const client = await visibleClient(office, request, request.params.id);
        const blocked = await office.setBlock(acting(request), client, block, request.body.reason);
        auditedInTransaction(request);
        return { result: { blocked } };
      },
    );

  app.post(
    '/ops/v1/clients/:id/notes',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsClientNoteResponseSchema),
        summary: 'Add an operator’s note to a client',
        params,
        body: opsClientNoteBodySchema,
      },
    },
    async (request) => {
      const client = await visibleClient(office, request, request.params.id);
      const note = await office.addNote(acting(request), client, request.body.text);
      auditedInTransaction(request);
      return { result: note };
    },
  );
}

/** POST a manual adjustment (one that needs a second operator waits in the queue). */
function registerAdjustments(fastify: FastifyInstance, { office }: ClientOfficeDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ops/v1/clients/:id/adjustments',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsAdjustmentResponseSchema),
        summary:
          'A manual adjustment of the client’s cash (minor units: + credit, − debit, never below zero) through the ledger; above the brand’s amount it waits for a second operator. Idempotent on idempotencyKey (or the Idempotency-Key header)',
        params,
        headers: idempotencyHeader,
        body: opsAdjustmentBodySchema,
      },
    },
    async (request) => {
      const client = await visibleClient(office, request, request.params.id);
      const { amount, reason, idempotencyKey } = request.body;
      const key = idempotencyKey ?? request.headers['idempotency-key'];
      const done = await office.adjust(acting(request), client, { amount, reason, key });
      auditedInTransaction(request);
      return { result: done.adjustment };
    },
  );
}

/** GET the queue of adjustments and POST a second operator's decision on one. */
function registerAdjustmentQueue(fastify: FastifyInstance, { office, queue }: ClientOfficeDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/v1/adjustments',
    {
      schema: {
        tags: ['ops'],
        response: opsAnswers(opsAdjustmentQueueResponseSchema),
        summary:
          'The approvals queue: adjustments by status (default pending, oldest first) of the operator’s brand, with the client’s and brand’s names and whether the caller asked for each',
        querystring: z.object({
          status: z.enum(OPS_ADJUSTMENT_STATUSES).default('pending'),
          brand: opsIdParam.optional(),
          limit: z.coerce.number().int().min(1).max(200).default(100),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const operator = ctxOf(request);
      return { result: await queue.list(operator, q.status, brandScope(operator, q.brand), q.limit) };
    },
  );

  for (const approve of [true, false])
    app.post(
      `/ops/v1/clients/:id/adjustments/:adjustmentId/${approve ? 'approve' : 'reject'}`,
      {
        schema: {
          tags: ['ops'],
          response: opsAnswers(opsAdjustmentResponseSchema),
          summary: approve
            ? 'Approve a pending adjustment (a second operator, not the one who asked): the money moves now'
            : 'Reject a pending adjustment: nothing moves',
          params: adjustmentParams,
          body: opsAdjustmentDecisionBodySchema,
        },
      },
      async (request) => {
        const client = await visibleClient(office, request, request.params.id);
        const { adjustmentId } = request.params;
        const reason = request.body.reason ?? null;
        const decided = await office.decide(acting(request), client, adjustmentId, approve, reason);
        auditedInTransaction(request);
        return { result: decided };
      },
    );
}
