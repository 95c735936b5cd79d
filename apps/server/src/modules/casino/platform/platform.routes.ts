import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  casinoPlayNowQuerySchema,
  errorBodySchema,
  gameSessionIdSchema,
  gameSessionResponseSchema,
  localeQuerySchema,
  roulettePlaceRequestSchema,
  roulettePlaceResponseSchema,
  rouletteStateResponseSchema,
  roundsResponseSchema,
  spinRequestSchema,
  spinResponseSchema,
  type Locale,
} from '@sb/contract';
import type { ZodApp } from '../../../lib/zod-app';
import type { RouteRateLimit } from '../../../plugins/rate-limit';
import { HttpError } from '../../../plugins/errors';
import { bearerToken, type Auth, type UserRow } from '../../identity/index';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { RouletteService, Schedule } from '../roulette/roulette.service';
import type { SessionsService } from './sessions.service';
import type { SlotGame } from './slot-game';
import { slotLayout } from './slot-game';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
};
const sessionParams = z.object({ sessionId: gameSessionIdSchema });

export interface PlatformRouteDeps {
  auth: Auth;
  /** The client of an access token on the request's app (playnow carries it in the query), or null. */
  clientOfToken: (request: FastifyRequest, token: string) => Promise<UserRow | null>;
  /** The app of the request (a demo session belongs to it) and its default locale. */
  appOf: (request: FastifyRequest) => Promise<{ id: number; defaultLocale: string }>;
  catalogue: CatalogueService;
  sessions: SessionsService;
  slots: SlotGame;
  roulette: RouletteService;
  schedule: Schedule;
  /** Spins or roulette placements per client (demo: per address) per minute, across instances. */
  playLimit: RouteRateLimit;
}

const unauthorized = () => new HttpError(401, 'unauthorized', 'log in to play for money, or open the demo');

const tags = ['casino games'];

/** The request's client when it carries a token (a bad token is a 401), else null. */
const requester = (auth: Auth, request: FastifyRequest) => async () =>
  bearerToken(request) ? auth.requireClient(request) : null;

/** The session in the path (the requester's to use) and its game. */
async function withGame(
  deps: PlatformRouteDeps,
  request: FastifyRequest & { params: { sessionId: string } },
) {
  const session = await deps.sessions.load(request.params.sessionId, requester(deps.auth, request));
  return { session, game: await deps.catalogue.byId(session.gameId) };
}

/** playnow (spec §7) and the game page's calls: the session, spins, rounds and the roulette table. */
export function platformRoutes(deps: PlatformRouteDeps): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerPlayNow(app, deps);
    registerSessionAndSpin(app, deps);
    registerRoundsAndEnd(app, deps);
    registerRouletteTable(app, deps);
  };
}

/** playnow: the token checked, a session started, 302 to the game page. */
function registerPlayNow(app: ZodApp, deps: PlatformRouteDeps): void {
  const { catalogue, sessions } = deps;
  app.get(
    '/api/v1/casino/playnow',
    {
      schema: {
        tags,
        summary:
          'Opens a game (navigation): checks the token, starts a session, 302 to the game page; demo=1 plays fun money',
        querystring: casinoPlayNowQuerySchema,
        response: {
          401: errorBodySchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const tenant = await deps.appOf(request);
      const game = await catalogue.playableByExtendedId(q.gameId, tenant.id);
      const token = q.access_token ?? bearerToken(request);
      let user: UserRow | null = null;
      if (!q.demo) {
        if (!token) throw unauthorized();
        user = await deps.clientOfToken(request, token);
        if (!user) throw new HttpError(401, 'unauthorized', 'missing, invalid or expired access token');
      } else if (!game.game.demo) throw new HttpError(403, 'no_demo', 'this game has no demo play');
      const session = await sessions.open(game, user, tenant.id, request.ip);
      const locale: Locale | string = q.locale ?? q._locale ?? tenant.defaultLocale;
      return reply.redirect(`/${locale}/play/${session.id}`, 302);
    },
  );
}

/** The session as the game page draws it, and a slot spin. */
function registerSessionAndSpin(app: ZodApp, deps: PlatformRouteDeps): void {
  const { sessions, slots } = deps;
  app.get(
    '/api/v1/casino/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'A game session with its game, balance, stakes and how to draw it',
        params: sessionParams,
        querystring: localeQuerySchema,
        response: { 200: gameSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, game } = await withGame(deps, request);
      const kind = game.game.config.kind;
      return {
        result: {
          session: await sessions.view(session, game),
          slot: kind === 'slot' ? slotLayout(game) : null,
          roulette:
            kind === 'roulette'
              ? { periodMs: deps.schedule.periodMs, bettingMs: deps.schedule.bettingMs }
              : null,
        },
      };
    },
  );

  app.post(
    '/api/v1/casino/sessions/:sessionId/spin',
    {
      config: { rateLimit: deps.playLimit },
      schema: {
        tags,
        summary:
          'One slot round: debit the stake, decide, pay, record — one transaction; roundKey once per spin',
        params: sessionParams,
        querystring: localeQuerySchema,
        body: spinRequestSchema,
        response: { 200: spinResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, game } = await withGame(deps, request);
      const round = await slots.spin(session, game, request.body);
      request.log.info({ roundId: round.id, sessionId: session.id, gameId: game.game.id }, 'slot round');
      return { result: { round, balance: round.balanceAfter } };
    },
  );
}

/** The session's rounds, and its end. */
function registerRoundsAndEnd(app: ZodApp, deps: PlatformRouteDeps): void {
  const { sessions, slots, roulette } = deps;
  app.get(
    '/api/v1/casino/sessions/:sessionId/rounds',
    {
      schema: {
        tags,
        summary: "The session's rounds, newest first",
        params: sessionParams,
        querystring: localeQuerySchema,
        response: { 200: roundsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, game } = await withGame(deps, request);
      const rounds =
        game.game.config.kind === 'slot'
          ? await slots.history(session)
          : await roulette.rounds(session, game.game.id);
      return { result: { rounds } };
    },
  );

  app.post(
    '/api/v1/casino/sessions/:sessionId/end',
    {
      schema: {
        tags,
        summary: 'Ends a game session (the page was closed)',
        params: sessionParams,
        querystring: localeQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sessions.end(request.params.sessionId, requester(deps.auth, request));
      return reply.code(204).send(null);
    },
  );
}

/** The shared roulette table and bets on its open round. */
function registerRouletteTable(app: ZodApp, deps: PlatformRouteDeps): void {
  const { sessions, roulette } = deps;
  app.get(
    '/api/v1/casino/sessions/:sessionId/roulette',
    {
      schema: {
        tags,
        summary: 'The shared roulette table: round, phase, results, your placements, balance',
        params: sessionParams,
        querystring: localeQuerySchema,
        response: { 200: rouletteStateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, game } = await withGame(deps, request);
      if (game.game.config.kind !== 'roulette')
        throw new HttpError(400, 'validation', 'not a roulette session', 'sessionId');
      const state = await roulette.state(session, game);
      return { result: { ...state, balance: await sessions.balanceOf(session) } };
    },
  );

  app.post(
    '/api/v1/casino/sessions/:sessionId/roulette/bets',
    {
      config: { rateLimit: deps.playLimit },
      schema: {
        tags,
        summary: 'Bets on the open round (once per key)',
        params: sessionParams,
        querystring: localeQuerySchema,
        body: roulettePlaceRequestSchema,
        response: { 200: roulettePlaceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, game } = await withGame(deps, request);
      const placement = await roulette.place(session, game, request.body);
      request.log.info(
        { placementId: placement.id, round: placement.round, gameId: game.game.id },
        'roulette placement',
      );
      return { result: { placement, balance: await sessions.balanceOf(session) } };
    },
  );
}
