import type {
  OpsCatalogueEvent,
  OpsCatalogueTree,
  OpsEventMarket,
  OpsEventView,
  OpsLimit,
} from '@sb/contract';
import { notFound } from '../../plugins/errors';
import type { ReferenceCache } from '../sports/index';
import type { DeskService } from './desk.service';
import { marketNames, selectionNames, type Lang } from './desk-names';
import type {
  CatalogueEventRow,
  CatalogueFilter,
  MarketRowOut,
  OpsEventsRepository,
  SelectionRowOut,
} from './ops-events.repository';

function statusOf(m: MarketRowOut): OpsEventMarket['status'] {
  if (m.resolved) return 'resulted';
  if (m.closed) return 'closed';
  return m.disabled || m.operatorSuspended !== null ? 'suspended' : 'open';
}

function selectionStatus(m: MarketRowOut, s: SelectionRowOut): OpsEventMarket['status'] {
  if (m.resolved || (s.isClosed && s.result !== null)) return 'resulted';
  if (m.closed || s.isClosed) return 'closed';
  return m.disabled || s.isDisabled || m.operatorSuspended !== null || s.operatorSuspended !== null
    ? 'suspended'
    : 'open';
}

export interface OpsEventsDeps {
  repo: OpsEventsRepository;
  desk: Pick<DeskService, 'eventLiability'>;
  reference: () => Promise<ReferenceCache>;
  /** Creates the event's markets if the catalogue has not priced them yet (pre-match markets are made lazily). */
  ensureMarkets: (eventId: number) => Promise<void>;
  marketName: (t: number, lang: Lang) => string;
  isProducerStale: () => boolean;
  /** The limits of a kind applying to a brand (every brand's and its own; all when null): `risk.limits`. */
  limits: (kind: 'stake' | 'liability', brandId: number | null) => Promise<OpsLimit[]>;
}

/** A sport, region or competition by id with its names (the id as its name when the catalogue lacks it). */
function nameOf(ref: ReferenceCache, kind: 'sports' | 'regions' | 'competitions', id: number) {
  const r = ref[kind].get(id);
  return { id, name: r ? { en: r.nameEn, tr: r.nameTr } : { en: String(id), tr: String(id) } };
}

/** An event as the navigator lists it. */
function eventOf(ref: ReferenceCache, e: CatalogueEventRow): OpsCatalogueEvent {
  return {
    id: e.id,
    sport: nameOf(ref, 'sports', e.sportId),
    region: nameOf(ref, 'regions', e.regionId),
    competition: nameOf(ref, 'competitions', e.competitionId),
    home: e.home,
    away: e.away,
    startAt: e.startAt.toISOString(),
    status: e.status,
    phase: e.phase,
    isLive: e.status === 'live',
    minute: e.status === 'live' ? e.periodTime : 0,
    score: e.score,
  };
}

/** Counts per competition folded into sport › region › competition, each level in the catalogue's order. */
function treeOf(
  ref: ReferenceCache,
  counts: Awaited<ReturnType<OpsEventsRepository['counts']>>,
): OpsCatalogueTree {
  const order = (kind: 'sports' | 'regions' | 'competitions', id: number) => ref[kind].get(id)?.order ?? 0;
  const sports = new Map<number, OpsCatalogueTree[number]>();
  for (const c of counts) {
    const sport = sports.get(c.sportId) ?? {
      ...nameOf(ref, 'sports', c.sportId),
      events: 0,
      live: 0,
      regions: [],
    };
    sports.set(c.sportId, sport);
    let region = sport.regions.find((r) => r.id === c.regionId);
    if (!region) {
      region = { ...nameOf(ref, 'regions', c.regionId), events: 0, live: 0, competitions: [] };
      sport.regions.push(region);
    }
    region.competitions.push({
      ...nameOf(ref, 'competitions', c.competitionId),
      events: c.events,
      live: c.live,
    });
    for (const level of [sport, region]) {
      level.events += c.events;
      level.live += c.live;
    }
  }
  const list = [...sports.values()].sort((a, b) => order('sports', a.id) - order('sports', b.id));
  for (const s of list) {
    s.regions.sort(
      (a, b) => order('regions', a.id) - order('regions', b.id) || a.name.en.localeCompare(b.name.en),
    );
    for (const r of s.regions)
      r.competitions.sort(
        (a, b) =>
          order('competitions', a.id) - order('competitions', b.id) || a.name.en.localeCompare(b.name.en),
      );
  }
  return list;
}

/** The event navigator (search and tree) and the event view of the trading floor (issue 34 item 2). */
export function createOpsEvents(deps: OpsEventsDeps) {
  const { repo } = deps;
  return {
    /** The events matching the filter and the tree of every match's counts. */
    async catalogue(filter: CatalogueFilter) {
      const [ref, events, counts] = await Promise.all([
        deps.reference(),
        repo.events(filter),
        repo.counts(filter),
      ]);
      return {
        total: counts.reduce((n, c) => n + c.events, 0),
        events: events.map((e) => eventOf(ref, e)),
        tree: treeOf(ref, counts),
      };
    },

    /** The event view (`eventView`). */
    event: (id: number, brandId: number | null) => eventView(deps, id, brandId),
  };
}

export type OpsEvents = ReturnType<typeof createOpsEvents>;

type LiabilityMarket = Awaited<ReturnType<DeskService['eventLiability']>>['markets'][number];

/**
 * The event view: header, and every market with every selection (named as the player app names them), its
 * price, model price, state and liability from the open bets of `brandId` (every brand when null).
 */
async function eventView(deps: OpsEventsDeps, id: number, brandId: number | null): Promise<OpsEventView> {
  const { repo } = deps;
  const row = await repo.event(id);
  if (!row) throw notFound('event');
  await deps.ensureMarkets(id);
  const [ref, { markets, selections }, liability, stakeLimits, liabilityLimits] = await Promise.all([
    deps.reference(),
    repo.markets(id),
    deps.desk.eventLiability(id, brandId),
    deps.limits('stake', brandId),
    deps.limits('liability', brandId),
  ]);
  const marketIds = new Set(markets.map((m) => m.id));
  const selectionIds = new Set(selections.map((s) => s.id));
  const limits = [...stakeLimits, ...liabilityLimits].filter(
    (l) =>
      (l.level === 'event' && l.refId === id) ||
      (l.level === 'market' && l.refId !== null && marketIds.has(l.refId)) ||
      (l.level === 'selection' && l.refId !== null && selectionIds.has(l.refId)),
  );
  const bySelection = new Map(
    liability.markets.flatMap((m) => m.selections.map((s) => [s.selectionId, s] as const)),
  );
  const byMarket = new Map(liability.markets.map((m) => [m.marketId, m]));
  const selectionsOf = new Map<number, SelectionRowOut[]>();
  for (const s of selections) selectionsOf.set(s.marketId, [...(selectionsOf.get(s.marketId) ?? []), s]);
  const open = markets.filter((m) => !m.closed && !m.resolved);
  return {
    event: {
      ...eventOf(ref, row),
      suspended: open.length > 0 && open.every((m) => m.operatorSuspended !== null),
      producer: { stale: deps.isProducerStale() },
    },
    liability: { bets: liability.bets, stakes: liability.stakes, netRisk: liability.netRisk },
    markets: markets.map((m) =>
      marketView(deps.marketName, m, byMarket.get(m.id), selectionsOf.get(m.id) ?? [], bySelection),
    ),
    limits,
  };
}

/** One market of the event view with its selections, each with its liability (none: the market's stakes at risk). */
function marketView(
  marketName: OpsEventsDeps['marketName'],
  m: MarketRowOut,
  l: LiabilityMarket | undefined,
  selections: SelectionRowOut[],
  bySelection: Map<number, LiabilityMarket['selections'][number]>,
): OpsEventMarket {
  return {
    id: m.id,
    t: m.t,
    line: m.s,
    name: marketNames(marketName, m.t, m.s),
    status: statusOf(m),
    suspendedBy: m.operatorSuspended,
    bets: l?.bets ?? 0,
    stakes: l?.stakes ?? 0,
    worstNet: l?.worstNet ?? 0,
    selections: selections.map((s) => {
      const sl = bySelection.get(s.id);
      return {
        id: s.id,
        outcome: s.outcome,
        name: selectionNames(s.outcome, s.name, m.s),
        price: s.odd,
        modelPrice: s.overrideUntil !== null && s.modelOdd !== null ? s.modelOdd : s.odd,
        overrideUntil: s.overrideUntil?.toISOString() ?? null,
        status: selectionStatus(m, s),
        suspendedBy: s.operatorSuspended,
        result: s.result,
        liability: {
          bets: sl?.bets ?? 0,
          stakes: sl?.stakes ?? 0,
          payoutIfWins: sl?.payoutIfWins ?? 0,
          net: sl?.net ?? l?.stakes ?? 0,
        },
      };
    }),
  };
}
