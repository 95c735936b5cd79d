import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DomainMetrics } from '../../observability/metrics';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BET_STATUSES,
  betResponseSchema,
  betResultsResponseSchema,
  betsResponseSchema,
  cashOutQuoteResponseSchema,
  cashOutRequestSchema,
  cashOutResponseSchema,
  checkBetsResponseSchema,
  errorBodySchema,
  idParamSchema,
  localeQuerySchema,
} from '@sb/contract';
import type { Clock } from '../../lib/clock';
import { requestLocale } from '../../lib/locale';
import { dateRangeInZone } from '../../lib/periods';
import { translatorFor } from '../content/index';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import type { RouteRateLimit } from '../../plugins/rate-limit';
import { bearerToken, type Auth } from '../identity/index';
import { parseSlip } from './slip-form';
import type { BetViews } from './bet-views';
import { receiptHtml } from './receipt';
import type { BettingService } from './betting.service';
import type { CashOutService } from './cashout.service';
import {
  betsQuerySchema,
  detailQuerySchema,
  errors,
  refusalReason,
  slipBody,
  statusesOf,
} from './betting.schemas';

export interface BettingRateLimits {
  betPlace: RouteRateLimit;
  checkBets: RouteRateLimit;
  cashOut: RouteRateLimit;
}

export function bettingRoutes(deps: {
  auth: Auth;
  betting: BettingService;
  cashOut: CashOutService;
  views: BetViews;
  /** Per-client limits of placement, slip checks and cash-outs (the app's rate-limit plugin). */
  rateLimits: BettingRateLimits;
  metrics?: DomainMetrics;
  /** A visitor's brand (the site's): checkBets answers in that brand's prices. */
  brandOf?: (request: FastifyRequest) => Promise<number | null>;
  /** A brand's name by its app id (the printed receipt names the client's brand). */
  brandName?: (appId: number) => Promise<string | null>;
  clock: Clock;
}): FastifyPluginAsync {
  const { auth, betting, cashOut, views } = deps;
  /** The client of a request with a token; null for a visitor without one (checkBets works for both). */
  const optionalClient = (request: FastifyRequest) =>
    bearerToken(request) ? auth.requireClient(request) : null;

  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['betting'];

    app.post(
      '/api/v1/checkBets',
      {
        config: { rateLimit: deps.rateLimits.checkBets },
        schema: {
          tags,
          summary:
            'Current odds, max stakes and errors of a slip (form: bets[i][…], systems[], type, amount)',
          querystring: localeQuerySchema.extend({ ro: z.string().max(8).optional() }),
          body: slipBody,
          response: { 200: checkBetsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const client = await optionalClient(request);
        const visitorBrand = client ? null : ((await deps.brandOf?.(request)) ?? null);
        return betting.check(client, parseSlip(request.body), visitorBrand);
      },
    );

    app.post(
      '/api/v1/betPlace',
      {
        config: { rateLimit: deps.rateLimits.betPlace },
        schema: {
          tags,
          summary: 'Place a slip (form; Idempotency-Key header once per attempt)',
          querystring: localeQuerySchema,
          body: slipBody,
          response: { 200: betResponseSchema, ...errors },
        },
      },
      async (request) => {
        const started = performance.now();
        const user = await auth.requireClient(request);
        const key = request.headers['idempotency-key'];
        try {
          const { bet, legs } = await betting.placeWithLegs(
            user,
            parseSlip(request.body),
            typeof key === 'string' ? key : undefined,
            // The address as the server sees it (behind TRUST_PROXY only), the agent as sent, cut to 300.
            { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null },
          );
          deps.metrics?.betPlaced(bet.type, bet.status === 'pending', (performance.now() - started) / 1000);
          request.log.info({ betId: bet.id, userId: user.id, status: bet.status }, 'bet placed');
          return { result: await views.one(bet, user, requestLocale(request), legs) };
        } catch (error) {
          if (error instanceof HttpError) {
            deps.metrics?.betRefused(refusalReason(error), (performance.now() - started) / 1000);
            request.log.info({ userId: user.id, reason: refusalReason(error) }, 'bet refused');
          }
          throw error;
        }
      },
    );

    app.get(
      '/api/v1/bets',
      {
        schema: {
          tags,
          summary: "The client's bets by status ids and created-at range, newest first",
          querystring: betsQuerySchema,
          response: { 200: betsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await auth.requireClient(request);
        const q = request.query;
        // Dates in the client's own zone, as in the transactions list (spec §9: one month back by default).
        const { from, to } = dateRangeInZone(
          { field: 'createdAt[from]', text: q['createdAt[from]'] },
          { field: 'createdAt[to]', text: q['createdAt[to]'] },
          user.timezone,
          deps.clock.now(),
          31,
          badRequest,
        );
        const page = await views.list(
          user,
          statusesOf(q),
          new Date(from),
          new Date(to),
          q.page,
          q.per_page,
          requestLocale(request),
        );
        return { result: page };
      },
    );

    app.get(
      '/api/v1/bet/detail/:id',
      {
        schema: {
          tags,
          summary: 'One bet of the client with its selections; print=1 gives a printable receipt',
          params: z.object({ id: idParamSchema }),
          querystring: detailQuerySchema,
          response: { 200: betResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = await auth.requireClient(request);
        const locale = requestLocale(request);
        const bet = await views.byId(request.params.id, user, locale);
        if (request.query.print !== '1') return { result: bet };
        // The receipt is a page, not the JSON the schema describes: sent as it is.
        return reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
          )
          .serializer((html: unknown) => String(html))
          .send(
            receiptHtml(
              bet,
              translatorFor(request),
              locale,
              request.query.tz,
              // The brand the client plays with, by name; the host the page was on only when it has none.
              (await deps.brandName?.(user.appId)) ?? request.query.host,
              user.oddsFormat,
              user.dateFormat,
            ) as never,
          );
      },
    );

    // A referred bet's counter-offer (issue 34): the client takes the desk's lower stake (the rest of the stake
    // comes back, then the bet is checked and accepted) or declines it (rejected, the whole stake back). A repeat
    // answers the bet as it is; an offer no longer open is a 409; another client's bet a 404.
    for (const [answer, kind] of [
      ['accept', 'take'],
      ['decline', 'decline'],
    ] as const)
      app.post(
        `/api/v1/bets/:id/offer/${answer}`,
        {
          schema: {
            tags,
            summary:
              answer === 'accept'
                ? 'Take the desk’s counter-offer on a referred bet (the lower stake; the rest comes back)'
                : 'Decline the desk’s counter-offer on a referred bet (rejected, the whole stake comes back)',
            params: z.object({ id: idParamSchema }),
            querystring: localeQuerySchema,
            response: { 200: betResponseSchema, ...errors, 409: errorBodySchema },
          },
        },
        async (request) => {
          const user = await auth.requireClient(request);
          const done = await betting.referrals.decide(request.params.id, { kind, userId: user.id });
          if (!done) throw notFound('bet');
          request.log.info(
            { betId: done.bet.id, userId: user.id, referral: done.bet.referral, status: done.bet.status },
            'referral offer answered',
          );
          return { result: await views.one(done.bet, user, requestLocale(request)) };
        },
      );

    app.get(
      '/api/v1/bet/results',
      {
        schema: {
          tags,
          summary: 'Bet statuses (ids and keys)',
          querystring: localeQuerySchema,
          response: { 200: betResultsResponseSchema },
        },
      },
      async (request) => {
        const t = translatorFor(request);
        return {
          result: BET_STATUSES.map((s) => ({ id: s.id, key: s.key, name: t(`bet.status.${s.key}`) })),
        };
      },
    );

    app.get(
      '/api/v1/bet-cash-out/:id',
      {
        schema: {
          tags,
          summary: 'Cash-out offer of a bet',
          params: z.object({ id: idParamSchema }),
          querystring: localeQuerySchema,
          response: { 200: cashOutQuoteResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await auth.requireClient(request);
        return { result: await cashOut.quote(user.id, request.params.id) };
      },
    );

    app.post(
      '/api/v1/bet-cash-out/:id',
      {
        config: { rateLimit: deps.rateLimits.cashOut },
        schema: {
          tags,
          summary: 'Cash out a bet, fully or partly, if the price still holds',
          params: z.object({ id: idParamSchema }),
          querystring: localeQuerySchema,
          body: cashOutRequestSchema,
          response: { 200: cashOutResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await auth.requireClient(request);
        const key = request.headers['idempotency-key'];
        const betId = request.params.id;
        const done = await cashOut
          .execute(
            user.id,
            betId,
            request.body ?? {},
            typeof key === 'string' ? key.slice(0, 100) : undefined,
          )
          .catch((error: unknown) => {
            if (error instanceof HttpError) deps.metrics?.cashOut(`refused:${error.code}`);
            request.log.info({ betId, userId: user.id }, 'cash-out refused');
            throw error;
          });
        deps.metrics?.cashOut(done.status);
        request.log.info({ betId, userId: user.id, status: done.status, paid: done.paid }, 'cash-out');
        const bet = await views.byId(done.betId, user, requestLocale(request));
        return { result: { status: done.status, paid: done.paid, quote: done.quote, bet } };
      },
    );
  };
}
