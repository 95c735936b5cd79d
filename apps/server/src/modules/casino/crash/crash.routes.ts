import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  crashBetRequestSchema,
  crashBetResponseSchema,
  crashCashoutRequestSchema,
  crashChainParamsSchema,
  crashChainResponseSchema,
  crashClientSeedRequestSchema,
  crashClientSeedResponseSchema,
  crashFairnessResponseSchema,
  crashHistoryResponseSchema,
  crashRoundDetailResponseSchema,
  crashRoundParamsSchema,
  crashRoundsQuerySchema,
  crashRoundsResponseSchema,
  crashSessionQuerySchema,
  crashSessionRequestSchema,
  crashSessionResponseSchema,
  crashStateResponseSchema,
  errorBodySchema,
} from '@sb/contract';
import type { ZodApp } from '../../../lib/zod-app';
import type { RouteRateLimit } from '../../../plugins/rate-limit';
import { HttpError } from '../../../plugins/errors';
import { bearerToken, type Auth } from '../../identity/index';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SessionsService } from '../platform/sessions.service';
import { CRASH_FORMULA } from './crash.fair';
import { CRASH_GAME_ID, betView, roundView, type CrashGame } from './crash.game';
import { chainView, seedView } from './crash.views';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
};

/** The player's own bets listed by the history call. */
const HISTORY_LIMIT = 50;

export interface CrashRouteDeps {
  auth: Auth;
  appOf: (request: FastifyRequest) => Promise<{ id: number; defaultLocale: string }>;
  catalogue: CatalogueService;
  sessions: SessionsService;
  crash: CrashGame;
  /** Bets and cash-outs per client (demo: per address) per minute, like the other games' plays. */
  playLimit: RouteRateLimit;
}

/** When each cash-out request reached this instance (its clock), read by the handler. */
const arrivals = new WeakMap<FastifyRequest, number>();

const tags = ['crash game'];

/** The request's client when it carries a token (a bad token is a 401), else null. */
const requester = (auth: Auth, request: FastifyRequest) => async () =>
  bearerToken(request) ? auth.requireClient(request) : null;

/** The session in the request (the requester's to use), which must be the crash game's. */
async function crashSession(deps: CrashRouteDeps, request: FastifyRequest, sessionId: string) {
  const session = await deps.sessions.load(sessionId, requester(deps.auth, request));
  if (session.gameId !== CRASH_GAME_ID)
    throw new HttpError(400, 'validation', 'this session is not the crash game', 'sessionId');
  return session;
}

/** The crash game's calls: fairness, finished rounds, a round's players, sessions, bets, cash-outs, history. */
export function crashRoutes(deps: CrashRouteDeps): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    registerFairness(app, deps);
    registerSeedsAndRounds(app, deps);
    registerRoundAndSession(app, deps);
    registerStateAndBets(app, deps);
    registerCashoutAndHistory(app, deps);
  };
}

/** The fairness page: the chains, their salts and client seeds. */
function registerFairness(app: ZodApp, deps: CrashRouteDeps): void {
  const { crash } = deps;
  app.get(
    '/api/v1/crash/fairness',
    {
      schema: {
        tags,
        summary:
          "The hash chain's salt and terminating hash (published before its first round), the formula, the rules",
        response: { 200: crashFairnessResponseSchema },
      },
    },
    async () => {
      const { current, next } = await crash.chains();
      const played = current ?? next;
      return {
        result: {
          salt: current?.salt ?? null,
          terminatingHash: played.terminatingHash,
          current: current && (await chainView(crash.repo, current)),
          next: await chainView(crash.repo, next),
          formula: CRASH_FORMULA,
          chainLength: played.length,
          rules: crash.rules,
        },
      };
    },
  );

  app.get(
    '/api/v1/crash/chains/:id',
    {
      schema: {
        tags,
        summary: 'A chain with every client seed given for it, in order: its salt is recomputed from them',
        params: crashChainParamsSchema,
        response: { 200: crashChainResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const chain = await crash.repo.chain(request.params.id);
      if (!chain) throw new HttpError(404, 'chain_not_found', 'no such chain', 'id');
      const seeds = await crash.repo.clientSeeds(chain.id);
      return {
        result: { ...(await chainView(crash.repo, chain, seeds.length)), clientSeeds: seeds.map(seedView) },
      };
    },
  );
}

/** A client seed given to the chain collecting them, and the finished rounds. */
function registerSeedsAndRounds(app: ZodApp, deps: CrashRouteDeps): void {
  const { crash } = deps;
  app.post(
    '/api/v1/crash/client-seeds',
    {
      config: { rateLimit: deps.playLimit },
      schema: {
        tags,
        summary:
          "Gives the chain collecting them a client seed (one per session and chain): it salts that chain's rounds",
        body: crashClientSeedRequestSchema,
        response: { 200: crashClientSeedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = await crashSession(deps, request, request.body.sessionId);
      const { chain, seed, given } = await crash.giveClientSeed(session, request.body.seed);
      return { result: { chain: await chainView(crash.repo, chain), seed: seedView(seed), given } };
    },
  );

  app.get(
    '/api/v1/crash/rounds',
    {
      schema: {
        tags,
        summary: 'Finished rounds, newest first, each with its revealed hash and crash point',
        querystring: crashRoundsQuerySchema,
        response: { 200: crashRoundsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const rows = await crash.repo.finishedRounds(request.query.limit);
      return {
        result: rows.map((row) => ({
          id: row.id,
          hash: row.hash,
          crashPoint: row.crashPoint,
          startedAt: row.startedAt?.toISOString() ?? null,
          status: row.status === 'void' ? ('void' as const) : ('crashed' as const),
        })),
      };
    },
  );
}

/** A round with its players' bets, and a crash game session opened. */
function registerRoundAndSession(app: ZodApp, deps: CrashRouteDeps): void {
  const { auth, catalogue, sessions, crash } = deps;
  app.get(
    '/api/v1/crash/rounds/:id',
    {
      schema: {
        tags,
        summary: "A round and its players' bets and cash-outs (the hash once it crashed)",
        params: crashRoundParamsSchema,
        response: { 200: crashRoundDetailResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const round = await crash.repo.round(request.params.id);
      if (!round) throw new HttpError(404, 'round_not_found', 'no such round', 'id');
      const bets = await crash.repo.betsOf(round.id);
      return { result: { round: roundView(round), bets: bets.map(betView) } };
    },
  );

  app.post(
    '/api/v1/crash/sessions',
    {
      schema: {
        tags,
        summary: 'Opens the crash game: real money with a bearer token, fun money with demo and no token',
        body: crashSessionRequestSchema,
        response: { 200: crashSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = bearerToken(request) ? await auth.requireClient(request) : null;
      if (!user && !request.body.demo)
        throw new HttpError(401, 'unauthorized', 'log in to play for money, or open the demo');
      const tenant = await deps.appOf(request);
      const game = await catalogue.playableById(CRASH_GAME_ID, tenant.id);
      const session = await sessions.open(game, user, tenant.id, request.ip);
      return { result: await sessions.view(session, game) };
    },
  );
}

/** The game now with the player's bets and balance, and a bet placed. */
function registerStateAndBets(app: ZodApp, deps: CrashRouteDeps): void {
  const { sessions, crash } = deps;
  app.get(
    '/api/v1/crash/state',
    {
      schema: {
        tags,
        summary: 'The game now (round, bets, history), your bets in this round and your balance',
        querystring: crashSessionQuerySchema,
        response: { 200: crashStateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = await crashSession(deps, request, request.query.sessionId);
      const state = crash.state().round ? crash.state() : await crash.stateFromDatabase();
      const mine = state.round
        ? (await crash.repo.betsOf(state.round.id)).filter((b) => b.sessionId === session.id)
        : [];
      return {
        result: {
          ...state,
          mine: mine.map(betView),
          balance: await sessions.balanceOf(session),
          serverTime: crash.now(),
        },
      };
    },
  );

  app.post(
    '/api/v1/crash/bets',
    {
      config: { rateLimit: deps.playLimit },
      schema: {
        tags,
        summary: 'A bet on the round in its betting window, in panel 0 or 1, with an optional auto cash-out',
        body: crashBetRequestSchema,
        response: { 200: crashBetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = await crashSession(deps, request, request.body.sessionId);
      const bet = await crash.placeBet(session, crash.gameCode, request.body);
      return { result: { bet: betView(bet), balance: await sessions.balanceOf(session) } };
    },
  );
}

/** A cash-out at the multiplier of its arrival, and the player's own bets. */
function registerCashoutAndHistory(app: ZodApp, deps: CrashRouteDeps): void {
  const { sessions, crash } = deps;
  app.post(
    '/api/v1/crash/cashout',
    {
      config: { rateLimit: deps.playLimit },
      // The multiplier is the one when the request reaches the server: stamped before the rate limit, the
      // token and the session are looked up, so queueing behind other players' work never costs a cash-out.
      onRequest: async (request) => {
        arrivals.set(request, crash.now());
      },
      schema: {
        tags,
        summary: "Cashes a bet out at the server's multiplier when the request arrives",
        body: crashCashoutRequestSchema,
        response: { 200: crashBetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = await crashSession(deps, request, request.body.sessionId);
      const bet = await crash.cashout(session, request.body.betId, arrivals.get(request) ?? crash.now());
      return { result: { bet: betView(bet), balance: await sessions.balanceOf(session) } };
    },
  );

  app.get(
    '/api/v1/crash/history',
    {
      schema: {
        tags,
        summary:
          "Your own bets in this game session, newest first, with each round's crash point once revealed",
        querystring: crashSessionQuerySchema,
        response: { 200: crashHistoryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = await crashSession(deps, request, request.query.sessionId);
      const rows = await crash.repo.betsOfSession(session.id, HISTORY_LIMIT);
      return {
        result: rows.map(({ bet, round }) => ({
          ...betView(bet),
          createdAt: bet.createdAt.toISOString(),
          crashPoint: roundView(round).crashPoint,
        })),
      };
    },
  );
}
