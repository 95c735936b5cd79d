import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  countResponseSchema,
  fixtureEventResponseSchema,
  fixtureListResponseSchema,
  h2hResponseSchema,
  mainMarketResponseSchema,
  matchesRowsResponseSchema,
  matchesTreeResponseSchema,
  popularCompetitionsResponseSchema,
  resultsQuerySchema,
  resultsResponseSchema,
  searchResponseSchema,
} from '@sb/contract';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale';
import { badRequest, notFound } from '../../plugins/errors';
import type { EventFilter } from './events.service';
import type { MarketsService } from './markets.service';
import { MAIN_MARKETS } from './market-definitions.data';
import { playsFootball } from './pricing/event-pricing';
import * as q from './fixtures.schemas';
import type { H2hService } from './h2h.service';
import { sendEncoded } from '../../lib/encoded-body';
import type { ZodApp } from '../../lib/zod-app';
import type { ReadService } from './read-model/read.service';

/** The brand a request is served for (X-App or host), null when none resolves: odds are then the shared ones. */
export type BrandOf = (request: FastifyRequest) => Promise<number | null>;

const HOUR_MS = 3_600_000;
/** Sports the web asks main markets for that share football's (spec §7). */
const MAIN_MARKET_ALIASES: Record<number, number> = { 17: 1, 9: 1 };

function filterOf(
  query: { onLive?: boolean; onlyPre?: boolean; highlighted?: boolean; ro?: boolean; upcoming?: number },
  now: number,
): EventFilter {
  return {
    live: query.onLive,
    preOnly: query.onlyPre,
    highlighted: query.highlighted,
    openOnly: query.ro,
    startsBefore: query.upcoming ? now + query.upcoming * HOUR_MS : undefined,
  };
}

/**
 * The fixture calls of spec §7, answered from the read model (never the database on the hot path). List
 * pages and event details go out as cached bodies, already compressed, with an ETag (304 on If-None-Match).
 */
export function fixturesRoutes(
  reads: ReadService,
  markets: MarketsService,
  h2h: H2hService,
  now: () => number,
  /** The request's brand (its margins price the odds served); null when none is known. */
  brandOf: BrandOf = async () => null,
): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const deps = { reads, markets, h2h, now, brandOf };

    registerListsAndCounts(app, deps);
    registerMainMarketsAndSearch(app, deps);
    registerMatchesAndResults(app, deps);
    registerEventAndStats(app, deps);
  };
}

/** What the fixture routes answer from: the reads, markets, head-to-head, a clock and the request's brand. */
interface FixturesDeps {
  reads: ReadService;
  markets: MarketsService;
  h2h: H2hService;
  now: () => number;
  brandOf: BrandOf;
}

/** The fixture routes' Swagger tag. */
const tags = ['fixtures'];

/** Event lists and their counts (`fixture/full`, `fixture/count`). */
function registerListsAndCounts(app: ZodApp, { reads, now, brandOf }: FixturesDeps) {
  app.get(
    '/api/v2/fixture/full',
    {
      schema: {
        tags,
        summary: 'Events with their main markets',
        querystring: q.fullQuerySchema,
        response: { 200: fixtureListResponseSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const filter: EventFilter = {
        ...filterOf(query, now()),
        ids: query.event,
        sportId: query.sport,
        competitionIds: query.competition,
      };
      const mode = query.onlyList ? 'none' : 'main';
      const locale = requestLocale(request);
      const brand = await brandOf(request);
      const openMain = query.openMain ?? false;
      const body = await reads.listBody(filter, query.page, query.per_page, locale, mode, brand, openMain);
      return sendEncoded(request, reply, body);
    },
  );

  app.get(
    '/api/v2/fixture/count',
    {
      schema: {
        tags,
        summary: 'Event counts per sport, region or competition',
        querystring: q.countQuerySchema,
        response: { 200: countResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      if (query.list === 'region' && query.sport === undefined)
        throw badRequest('sport', 'list=region needs sport');
      if (query.list === 'competition' && query.region === undefined && query.sport === undefined)
        throw badRequest('region', 'list=competition needs region or sport');
      const filter: EventFilter = {
        ...filterOf(query, now()),
        sportId: query.sport,
        regionId: query.region,
        competitionIds: query.listCompetitionFavourites,
      };
      const group = query.list ?? (query.listCompetitionFavourites ? 'competition' : 'sport');
      return { result: await reads.count(group, filter, requestLocale(request), query.full ?? false) };
    },
  );
}

/** A sport's main market types, and the search (`fixture/main-market`, `search/fixture`). */
function registerMainMarketsAndSearch(app: ZodApp, { reads, markets }: FixturesDeps) {
  app.get(
    '/api/v2/fixture/main-market/:sportId',
    {
      schema: {
        tags,
        summary: 'Main markets of a sport (17 and 9 use football)',
        params: q.mainMarketParamsSchema,
        querystring: q.mainMarketQuerySchema,
        response: { 200: mainMarketResponseSchema },
      },
    },
    async (request) => {
      const sportId = MAIN_MARKET_ALIASES[request.params.sportId] ?? request.params.sportId;
      const ids = MAIN_MARKETS[sportId];
      if (!ids) throw notFound('sport');
      const live = request.query.isLive && sportId === 1 ? [...ids.filter((t) => t !== 10), 39] : ids;
      const locale = requestLocale(request);
      // Virtual football names its markets with football's definitions (the same market types).
      const names = await markets.names(playsFootball(sportId) ? 1 : sportId, locale);
      return {
        result: live.map((id, order) => ({
          e: id,
          name: names.get(id) ?? String(id),
          order: order + 1,
        })),
      };
    },
  );

  app.get(
    '/api/v1/search/fixture',
    {
      schema: {
        tags,
        summary: 'Search events by team name',
        querystring: q.searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const found = await reads.search(request.query.q, request.query.live ?? false, requestLocale(request));
      // Suggestions (raw=0) are the first ten; raw=1 gives the whole list.
      return { result: request.query.raw ? found : found.slice(0, 10) };
    },
  );
}

/** The match tree and the results of a day (`fixture/matches`, `fixture/results`). */
function registerMatchesAndResults(app: ZodApp, { reads, brandOf }: FixturesDeps) {
  app.get(
    '/api/v1/fixture/matches',
    {
      schema: {
        tags,
        summary: 'sport > region > competition tree, or the older event rows',
        querystring: q.matchesQuerySchema,
        response: { 200: z.union([matchesTreeResponseSchema, matchesRowsResponseSchema]) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const locale = requestLocale(request);
      const filter: EventFilter = { live: query.s === 1, preOnly: query.s === 3, sportId: query.sport };
      if (query.match || query.onlyList === 'row') {
        // The older row load: a list page whose `result` is what the web reads.
        const brand = await brandOf(request);
        const body = await reads.listBody({ ...filter, ids: query.match }, 1, 100, locale, 'main', brand);
        return sendEncoded(request, reply, body);
      }
      const tree = await reads.tree(filter, locale, query.withoutMatch ?? false, await brandOf(request));
      return reply.send({ result: tree });
    },
  );

  app.get(
    '/api/v1/fixture/results',
    {
      schema: {
        tags,
        summary: 'Finished events of a day, with final and period scores',
        querystring: resultsQuerySchema,
        response: { 200: resultsResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return reads.results(
        { date: query.date, timeZone: query.tz ?? 'UTC', sportId: query.sport, text: query.q },
        requestLocale(request),
      );
    },
  );
}

/** Popular competitions, one event, and head-to-head statistics. */
function registerEventAndStats(app: ZodApp, { reads, h2h, brandOf }: FixturesDeps) {
  app.get(
    '/api/v1/fixture/popular/competitions',
    {
      schema: {
        tags,
        summary: 'Popular (top) competitions',
        querystring: q.mainMarketQuerySchema.pick({ locale: true, _locale: true, t: true }),
        response: { 200: popularCompetitionsResponseSchema },
      },
    },
    async (request) => ({
      result: await reads.popularCompetitions(requestLocale(request)),
    }),
  );

  app.get(
    '/api/v2/fixture/e/:eventId',
    {
      schema: {
        tags,
        summary: 'One event with its odds and result (sub-event id: corners, cards, players)',
        params: q.eventParamsSchema,
        querystring: q.eventQuerySchema,
        response: { 200: fixtureEventResponseSchema },
      },
    },
    async (request, reply) => {
      const brand = await brandOf(request);
      const body = await reads.eventBody(request.params.eventId, requestLocale(request), brand);
      return sendEncoded(request, reply, body);
    },
  );

  app.get(
    '/api/v1/stat-service/h2/:matchId',
    {
      schema: {
        tags,
        summary: 'Head to head and form of the two sides',
        params: q.h2hParamsSchema,
        querystring: q.h2hQuerySchema,
        response: { 200: h2hResponseSchema },
      },
    },
    async (request) => ({
      result: await h2h.headToHead(request.params.matchId),
    }),
  );
}
