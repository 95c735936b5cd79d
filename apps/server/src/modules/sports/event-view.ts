import type { EventMarket, FixtureEvent, Locale, Selection } from '@sb/contract';
import type { competitions, regions, sports, teams } from './sports.tables';
import type { EventRecord, MarketRecord, SelectionRecord } from './sports.repository';
import { categoriesOf } from './market-builder';

type SportRecord = typeof sports.$inferSelect;
type RegionRecord = typeof regions.$inferSelect;
type CompetitionRecord = typeof competitions.$inferSelect;
export type TeamRecord = typeof teams.$inferSelect;

/** Reference data held in memory: it never changes after generation, so lists need no joins. */
export interface ReferenceCache {
  sports: Map<number, SportRecord>;
  regions: Map<number, RegionRecord>;
  competitions: Map<number, CompetitionRecord>;
  teams: Map<number, TeamRecord>;
}

const ln = (locale: Locale, en: string, tr: string) => (locale === 'tr' ? tr : en);
const iso = (d: Date) => d.toISOString();

export function sportView(ref: ReferenceCache, id: number, locale: Locale) {
  const s = ref.sports.get(id);
  const name = s ? ln(locale, s.nameEn, s.nameTr) : String(id);
  return { id, sportId: id, alias: s?.alias ?? String(id), name, nameLn: { name }, order: s?.order ?? 0 };
}

export function regionView(ref: ReferenceCache, id: number, locale: Locale) {
  const r = ref.regions.get(id);
  const name = r ? ln(locale, r.nameEn, r.nameTr) : String(id);
  return {
    id,
    alias: r?.alias ?? '',
    name,
    nameLn: { name },
    order: r?.order ?? 0,
    flag: r?.flag ?? '',
    countryCode: r?.countryCode ?? '',
  };
}

export function competitionView(ref: ReferenceCache, id: number, locale: Locale) {
  const c = ref.competitions.get(id);
  const name = c ? ln(locale, c.nameEn, c.nameTr) : String(id);
  return {
    id,
    alias: c?.alias ?? '',
    name,
    nameLn: { name },
    order: c?.order ?? 0,
    isPopular: c?.popular ?? false,
  };
}

function competitor(ref: ReferenceCache, id: number) {
  const t = ref.teams.get(id);
  const name = t?.name ?? String(id);
  return { id, eid: id, name, nameLn: { name }, logo: `/api/v1/team/${id}/crest.svg` };
}

/** A brand's odds boosts as the fixture bodies show them: selection → boosted decimal price; `key` names them. */
export interface BoostedPrices {
  key: string;
  odds: ReadonlyMap<number, number>;
}

export function selectionView(
  s: SelectionRecord,
  m: MarketRecord,
  frozen: boolean,
  boostedOdd?: number,
): Selection {
  const closed = s.isClosed || m.closed;
  const disabled = s.isDisabled || m.disabled || frozen;
  const active = !disabled && !closed && s.odd > 1;
  return {
    id: s.id,
    oddId: s.id,
    outcome: s.outcome,
    name: s.name,
    value: s.odd,
    odd: s.odd,
    order: s.order,
    special: m.s,
    sp: m.s,
    isDisabled: disabled,
    active,
    isClosed: closed,
    closed,
    market: m.id,
    marketType: m.t,
    markets: categoriesOf(m.t),
    bundle: s.bundle,
    maxStake: s.maxStake,
    result: s.result,
    // Only on sale and above the normal price: a suspended or decided selection is never offered boosted.
    ...(active && boostedOdd !== undefined && boostedOdd > s.odd && { boostedOdd }),
  };
}

/** Groups joined market/selection rows per event, in order. */
export function groupMarkets(
  rows: { market: MarketRecord; selection: SelectionRecord }[],
  frozen: (eventId: number) => boolean,
  boosts: BoostedPrices | null = null,
) {
  const byEvent = new Map<number, EventMarket[]>();
  let last: EventMarket | undefined;
  for (const { market, selection } of rows) {
    if (!last || last.id !== market.id) {
      last = {
        id: market.id,
        t: market.t,
        s: market.s,
        a: market.a,
        seq: market.seq,
        disabled: market.disabled || frozen(market.eventId),
        closed: market.closed,
        selections: [],
      };
      byEvent.set(market.eventId, [...(byEvent.get(market.eventId) ?? []), last]);
    }
    last.selections.push(
      selectionView(selection, market, frozen(market.eventId), boosts?.odds.get(selection.id)),
    );
  }
  return byEvent;
}

const zero = { home: 0, away: 0 };

/** The API shape of an event (spec §3 "Event"). Suspended events report market count 0. */
export function eventView(
  ref: ReferenceCache,
  e: EventRecord,
  eventMarkets: EventMarket[],
  marketCount: number,
  locale: Locale,
): FixtureEvent {
  const home = competitor(ref, e.homeTeamId);
  const away = competitor(ref, e.awayTeamId);
  const stats = e.data.stats;
  const sum = (k: 'red' | 'yellow' | 'corner') =>
    stats.reduce((acc, p) => ({ home: acc.home + p[k].home, away: acc.away + p[k].away }), zero);
  return {
    id: e.id,
    sub: e.sub,
    rid: e.rid,
    radarId: e.rid,
    extendedId: e.extendedId,
    providerId: e.providerId,
    sport: sportView(ref, e.sportId, locale),
    region: regionView(ref, e.regionId, locale),
    competition: competitionView(ref, e.competitionId, locale),
    home,
    away,
    oneName: home.name,
    twoName: away.name,
    startedAt: iso(e.startAt),
    startDate: iso(e.startAt),
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    isLive: e.isLive,
    onLive: e.isLive,
    isSuspended: e.isSuspended,
    highlighted: e.highlighted,
    minBetLimit: e.minBetLimit,
    marketCount: e.isSuspended ? 0 : marketCount,
    betCount: e.betCount,
    status: e.phase,
    result: e.resultName ? { name: e.resultName } : null,
    resultName: e.resultName,
    stat: { score: e.data.score, red: sum('red'), yellow: sum('yellow'), corner: sum('corner') },
    data: { score: e.data.score, stats },
    periodTime: e.periodTime,
    periodTimeLeft: e.periodTimeLeft,
    periodCounter: e.periodCounter,
    roundCounter: e.roundCounter,
    addedTime: e.addedTime,
    ts: e.ts,
    streamEmbed: e.streamEmbed,
    markets: eventMarkets,
  };
}
