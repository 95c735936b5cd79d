import type { EventMarket, MarketDefinition, Selection } from '@sb/contract';
import { MARKET_CATEGORY } from '@sb/contract/constants';
import { FOOTBALL } from '@/lib/fixtures/display-rules';

/** Spec §9 market categories, in the order the tabs show them; 0 (all) last. */
export const CATEGORY_ORDER: number[] = [
  MARKET_CATEGORY.main,
  MARKET_CATEGORY.firstHalf,
  MARKET_CATEGORY.secondHalf,
  MARKET_CATEGORY.handicap,
  MARKET_CATEGORY.total,
  MARKET_CATEGORY.quarter1,
  MARKET_CATEGORY.quarter2,
  MARKET_CATEGORY.quarter3,
  MARKET_CATEGORY.quarter4,
  MARKET_CATEGORY.period1,
  MARKET_CATEGORY.period2,
  MARKET_CATEGORY.period3,
  MARKET_CATEGORY.corners,
  MARKET_CATEGORY.players,
  MARKET_CATEGORY.playersOther,
  MARKET_CATEGORY.cards,
  MARKET_CATEGORY.other,
  MARKET_CATEGORY.all,
];

/** The categories a market is listed under: its definition's `mg`, else what its selections say. */
export function categoriesOf(market: EventMarket, definitions: Map<number, MarketDefinition>): number[] {
  return definitions.get(market.t)?.mg ?? market.selections[0]?.markets ?? [];
}

/**
 * The category tabs of an event (spec §9): football shows each category that has a market, then "all";
 * other sports show only "all".
 */
export function categoryTabs(
  sportId: number,
  markets: EventMarket[],
  definitions: Map<number, MarketDefinition>,
): number[] {
  if (sportId !== FOOTBALL) return [MARKET_CATEGORY.all];
  const present = new Set(markets.flatMap((m) => categoriesOf(m, definitions)));
  return CATEGORY_ORDER.filter((c) => c === MARKET_CATEGORY.all || present.has(c));
}

export interface MarketGroup {
  t: number;
  /** One market per line (`s`), in the server's order. */
  markets: EventMarket[];
}

/** Markets of one category grouped by type, each type once, in the definitions' order. */
export function groupMarkets(
  markets: EventMarket[],
  category: number,
  definitions: Map<number, MarketDefinition>,
): MarketGroup[] {
  const groups = new Map<number, MarketGroup>();
  for (const market of markets) {
    if (category !== MARKET_CATEGORY.all && !categoriesOf(market, definitions).includes(category)) continue;
    const group = groups.get(market.t) ?? { t: market.t, markets: [] };
    group.markets.push(market);
    groups.set(market.t, group);
  }
  const order = (t: number) => definitions.get(t)?.order ?? Number.MAX_SAFE_INTEGER;
  return [...groups.values()].sort((a, b) => order(a.t) - order(b.t));
}

/** Spec §9: a market with more than 3 odds is laid out in columns. */
export const usesColumns = (market: Pick<EventMarket, 'selections'>): boolean => market.selections.length > 3;

/** Goal-scorer bundles: selections split by team (`bundle` home / away) into two columns. */
export function bundles(selections: Selection[]): { home: Selection[]; away: Selection[] } | null {
  if (!selections.some((s) => s.bundle)) return null;
  return {
    home: selections.filter((s) => s.bundle === 'home'),
    away: selections.filter((s) => s.bundle !== 'home'),
  };
}
