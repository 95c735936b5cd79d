import type { FixtureEvent, Locale } from '@sb/contract';
import { notFound } from '../../../plugins/errors';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { EventFilter } from '../sports.repository';
import { BodyCache, type EncodedBody } from '../../../lib/encoded-body';
import type { BrandPricing } from '../brand-margins';
import type { BoostedPrices } from '../event-view';
import type { EventReadModel } from './event-read-model';
import type { StoredEvent } from './event-store';
import { eventJson, hasOpenMainMarket, viewOf, type EventMode } from './stored-event-views';
import * as queries from './read-queries';
import { dayBoundsInZone } from '../../../lib/periods';
import { resultsOf } from './results';

/** Row mode of a list: with main markets, or rows only (`onlyList=1`). */
export type ListMode = Extract<EventMode, 'main' | 'none'>;

/** What the reads need: the read model, the catalogue, and a brand's margins and boosts. */
interface ReadDeps {
  readModel: EventReadModel;
  catalogue: CatalogueService;
  /** A brand's margins (null: the shared prices); every odds-carrying read takes the brand. */
  pricing?: (brandId: number | null) => BrandPricing | null;
  /** A brand's odds boosts running now (promotions, issue 36): shown as `boostedOdd` beside the price. */
  boostsOf?: (brandId: number) => Promise<BoostedPrices>;
}

/** The factory's state the reads share: the cached bodies, and the brand lookups with their defaults. */
interface ReadContext {
  readModel: EventReadModel;
  catalogue: CatalogueService;
  bodies: BodyCache;
  pricingOf: (brandId: number | null) => BrandPricing | null;
  boostsOf: (brandId: number | null) => Promise<BoostedPrices | null>;
}

/**
 * The reads of the spec's fixture calls, answered from the read model: list pages and event details as cached,
 * pre-serialised bodies; counts, trees and search as objects (small, computed in memory).
 */
export function createReadService(deps: ReadDeps) {
  const { readModel, catalogue } = deps;
  const store = readModel.store;
  const ctx: ReadContext = {
    readModel,
    catalogue,
    bodies: new BodyCache(),
    pricingOf: (brandId) => deps.pricing?.(brandId) ?? null,
    boostsOf: async (brandId) => (brandId === null || !deps.boostsOf ? null : deps.boostsOf(brandId)),
  };

  return {
    /** A page of `fixture/full` (and the older rows call) as one cached body, in the brand's prices. */
    listBody: (
      filter: EventFilter,
      pageNo: number,
      perPage: number,
      locale: Locale,
      mode: ListMode,
      brandId: number | null = null,
      /** Only events whose main market is open (the home carousel: `openMain=1`). */
      openMain = false,
    ) => listBody(ctx, filter, pageNo, perPage, locale, mode, brandId, openMain),

    /** `fixture/e`: one event (or its sub-event) with all its markets; `error` disables odds once it is over. */
    eventBody: (id: number, locale: Locale, brandId: number | null = null) =>
      eventBody(ctx, id, locale, brandId),

    /** The event as an object in the brand's prices (the framed widgets draw it). */
    async eventView(id: number, locale: Locale, brandId: number | null = null): Promise<FixtureEvent> {
      const e = await readModel.fetchEvent(id);
      if (!e) throw notFound('event');
      await readModel.ensureMarkets([e]);
      const stale = readModel.isProducerStale();
      return viewOf(await catalogue.reference(), e, 'event', locale, stale, ctx.pricingOf(brandId));
    },

    async count(group: queries.CountGroup, filter: EventFilter, locale: Locale, full: boolean) {
      return queries.countList(await catalogue.reference(), store, group, filter, locale, full);
    },

    async search(q: string, live: boolean, locale: Locale) {
      return queries.searchEvents(await catalogue.reference(), store, q, live, 30, locale);
    },

    /** Finished events of a calendar day in a time zone (`fixture/results`). */
    async results(
      query: { date: string; timeZone: string; sportId?: number; text?: string },
      locale: Locale,
    ) {
      const day = dayBoundsInZone(query.date, query.timeZone);
      const filter = { sportId: query.sportId, text: query.text };
      return resultsOf(await catalogue.reference(), store, day, filter, locale);
    },

    async popularCompetitions(locale: Locale) {
      return queries.popularCompetitions(await catalogue.reference(), store, locale);
    },

    /** sport > region > competition with counts; with up to 200 event rows unless `withoutMatch`. */
    tree: (filter: EventFilter, locale: Locale, withoutMatch: boolean, brandId: number | null = null) =>
      tree(ctx, filter, locale, withoutMatch, brandId),
  };
}

/** The events of a list filter, in list order; asked by id, older finished ones are read on demand. */
async function filtered(ctx: ReadContext, filter: EventFilter): Promise<StoredEvent[]> {
  const store = ctx.readModel.store;
  if (filter.ids) {
    const missing = filter.ids.filter((id) => !store.get(id));
    for (const id of missing) await ctx.readModel.fetchEvent(id);
  }
  return store.filter(filter);
}

/**
 * The events of a list filter; with `openMain`, only those whose main market has an odd on sale (their
 * markets loaded to tell: a live list's are loaded already).
 */
async function listed(ctx: ReadContext, filter: EventFilter, openMain: boolean): Promise<StoredEvent[]> {
  const all = await filtered(ctx, filter);
  if (!openMain) return all;
  await ctx.readModel.ensureMarkets(all);
  return all.filter(hasOpenMainMarket);
}

/** One page of a list filter's events, with every market of its rows loaded. */
async function page(
  ctx: ReadContext,
  filter: EventFilter,
  pageNo: number,
  perPage: number,
  openMain = false,
) {
  const all = await listed(ctx, filter, openMain);
  const rows = all.slice((pageNo - 1) * perPage, pageNo * perPage);
  // Row market counts need every market of the event, so both modes load them.
  await ctx.readModel.ensureMarkets(rows);
  return { rows, total: all.length };
}

/** A page of `fixture/full` as one cached body, in the brand's prices. */
async function listBody(
  ctx: ReadContext,
  filter: EventFilter,
  pageNo: number,
  perPage: number,
  locale: Locale,
  mode: ListMode,
  brandId: number | null,
  openMain: boolean,
): Promise<EncodedBody> {
  const { rows, total } = await page(ctx, filter, pageNo, perPage, openMain);
  const ref = await ctx.catalogue.reference();
  const stale = ctx.readModel.isProducerStale();
  const pricing = mode === 'none' ? null : ctx.pricingOf(brandId);
  const boosts = mode === 'none' ? null : await ctx.boostsOf(brandId);
  const pagination = JSON.stringify({ page: pageNo, perPage, totalCount: total });
  const key = `list|${locale}|${mode}|${stale}|${pricing?.key ?? ''}|${boosts?.key ?? ''}|${pagination}|${rows.map((e) => `${e.record.id}.${e.version}`).join(',')}`;
  return ctx.bodies.get(key, () => {
    const items = rows.map((e) => eventJson(ref, e, mode, locale, stale, pricing, boosts));
    return `{"result":[${items.join(',')}],"pagination":${pagination}}`;
  });
}

/** `fixture/e`: one event (or its sub-event) with all its markets, as one cached body. */
async function eventBody(
  ctx: ReadContext,
  id: number,
  locale: Locale,
  brandId: number | null,
): Promise<EncodedBody> {
  const e = await ctx.readModel.fetchEvent(id);
  if (!e) throw notFound('event');
  await ctx.readModel.ensureMarkets([e]);
  const ref = await ctx.catalogue.reference();
  const stale = ctx.readModel.isProducerStale();
  const mode: EventMode = id === e.record.sub && id !== e.record.id ? 'sub' : 'event';
  const pricing = ctx.pricingOf(brandId);
  const boosts = await ctx.boostsOf(brandId);
  const key = `e|${id}|${locale}|${stale}|${pricing?.key ?? ''}|${boosts?.key ?? ''}|${e.version}`;
  return ctx.bodies.get(key, () => {
    const error = e.record.status === 'ended' || e.record.status === 'cancelled';
    return `{"result":${eventJson(ref, e, mode, locale, stale, pricing, boosts)},"error":${error}}`;
  });
}

/** sport > region > competition with counts; with up to 200 event rows unless `withoutMatch`. */
async function tree(
  ctx: ReadContext,
  filter: EventFilter,
  locale: Locale,
  withoutMatch: boolean,
  brandId: number | null,
) {
  const store = ctx.readModel.store;
  const ref = await ctx.catalogue.reference();
  if (withoutMatch) return queries.tree(ref, store, filter, locale, null);
  const { rows } = await page(ctx, filter, 1, 200);
  const stale = ctx.readModel.isProducerStale();
  const pricing = ctx.pricingOf(brandId);
  const views = rows.map((e) => viewOf(ref, e, 'main', locale, stale, pricing));
  return queries.tree(ref, store, filter, locale, (id) => views.filter((v) => v.competition.id === id));
}

export type ReadService = ReturnType<typeof createReadService>;
