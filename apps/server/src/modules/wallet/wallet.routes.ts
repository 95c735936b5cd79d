import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cashbackResponseSchema,
  errorBodySchema,
  localeQuerySchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  type TransactionsQuery,
} from '@sb/contract';
import type { ZodApp } from '../../lib/zod-app';
import type { Auth } from '../identity/index';
import { dateRangeInZone } from '../../lib/periods';
import { translatorFor } from '../content/index';
import { HttpError, badRequest } from '../../plugins/errors';
import type { ActivityService, WalletClient } from './activity.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

/** The app's cashback rate, from tenancy (passed in by the composition root). */
export type CashbackRateOf = (request: FastifyRequest) => Promise<number>;

/** Date range of the transactions query in the client's zone; default (spec §9) one month ago to tomorrow. */
const rangeOf = (query: TransactionsQuery, client: WalletClient, now: number) =>
  dateRangeInZone(
    { field: 'rangeDateTime[from]', text: query['rangeDateTime[from]'] ?? query.from },
    { field: 'rangeDateTime[to]', text: query['rangeDateTime[to]'] ?? query.to },
    client.timezone,
    now,
    30,
    badRequest,
  );

/** The client's transactions and their sports cashback (read and claimed). */
export function walletRoutes(
  activity: ActivityService,
  auth: Auth,
  rateOf: CashbackRateOf,
  now: () => number,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerTransactions(app, activity, auth, now);
    registerCashback(app, activity, auth, rateOf);
  };
}

/** The client's cash transactions in a date range of their zone. */
function registerTransactions(app: ZodApp, activity: ActivityService, auth: Auth, now: () => number): void {
  app.get(
    '/api/v1/user/transactions',
    {
      schema: {
        tags: ['api'],
        summary: "The client's cash transactions (bearer; another client's uid → 403)",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await auth.requireClient(request);
      const query = request.query;
      if (query.uid !== undefined && query.uid !== 0 && query.uid !== client.id) {
        throw new HttpError(403, 'forbidden', 'a client sees only their own transactions');
      }
      const range = rangeOf(query, client, now());
      const { transactions, totalCount } = await activity.transactions(
        client,
        range,
        query.page,
        query.per_page,
        translatorFor(request),
      );
      return {
        result: { transactions, pagination: { page: query.page, per_page: query.per_page, totalCount } },
      };
    },
  );
}

/** The last closed week's sports cashback: what may be claimed, and its claim. */
function registerCashback(app: ZodApp, activity: ActivityService, auth: Auth, rateOf: CashbackRateOf): void {
  app.get(
    '/api/v2/cashback/sports',
    {
      schema: {
        tags: ['api'],
        summary: 'Claimable sports cashback of the last closed week (bearer)',
        querystring: localeQuerySchema,
        response: { 200: cashbackResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await auth.requireClient(request);
      const { cashback, percent, periodStart, periodEnd } = await activity.cashback(
        client,
        await rateOf(request),
      );
      return { cashback, percent, periodStart, periodEnd };
    },
  );

  app.post(
    '/api/v2/cashback/sports',
    {
      schema: {
        tags: ['api'],
        summary: 'Claim the sports cashback into the balance, once (bearer)',
        querystring: localeQuerySchema,
        response: { 200: cashbackResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await auth.requireClient(request);
      const rate = await rateOf(request);
      const { paid } = await activity.claimCashback(client, rate);
      const { cashback, percent, periodStart, periodEnd } = await activity.cashback(client, rate);
      return { cashback, percent, paid, periodStart, periodEnd };
    },
  );
}
