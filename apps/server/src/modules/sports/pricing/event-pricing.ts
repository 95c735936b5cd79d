import {
  emptyFacts,
  footballRates,
  type FootballFacts,
  type FootballState,
  type Player,
} from './football.facts';
import { footballMarkets } from './football.markets';
import { priceFootball } from './football.model';
import { finishMarket } from './margin';
import {
  priceOverDistribution,
  settleMarket,
  type MarketSpec,
  type PricedMarket,
  type Result,
} from './market-spec';
import { decisionsOf, periodMarkets } from './period.markets';
import { PERIOD_SPORTS } from './period.markets';
import { periodViews } from './period.exact';
import { periodRates, type PeriodFacts, type PeriodState } from './period.model';
import { DEFAULT_PRICING, type PricingOptions } from './pricing-options';

/** What the pricing model needs to know about an event. */
export interface PricingEvent {
  id: number;
  sportId: number;
  homeStrength: number;
  awayStrength: number;
  homePlayers: Player[];
  awayPlayers: Player[];
}

/** The live state of a match, per family of sport. */
export type MatchState =
  { kind: 'football'; football: FootballState } | { kind: 'period'; period: PeriodState };
export type MatchFacts =
  { kind: 'football'; football: FootballFacts } | { kind: 'period'; period: PeriodFacts };

export const FOOTBALL = 1;
/** Virtual football: generated leagues, played by the football simulator, priced by the football model. */
export const VIRTUAL_FOOTBALL = 1001;
/** The market types a virtual match offers (a short pre-match card: list ids are positions in this subset). */
export const VIRTUAL_MARKET_TYPES: readonly number[] = [1, 10, 18, 29, 45, 60, 47];

/** Whether a sport is played and priced as football (real football and virtual football). */
export const playsFootball = (sportId: number) => sportId === FOOTBALL || sportId === VIRTUAL_FOOTBALL;
/**
 * Virtual sports live in their own section (the virtual page): lists and counts that name no sport leave them
 * out (the Live page, its counts, today, highlights, search, results); asking for the sport lists them.
 */
export const isVirtualSport = (sportId: number) => sportId === VIRTUAL_FOOTBALL;
/** Sports whose events take bets before kick-off only: betting closes when the match starts. */
export const isPreMatchOnlySport = (sportId: number) => sportId === VIRTUAL_FOOTBALL;

/** The football market list of an event: the whole list, or the virtual subset (same order, so ids are stable). */
export function footballSpecsOf(event: PricingEvent) {
  const all = footballMarkets(event.homePlayers, event.awayPlayers);
  return event.sportId === VIRTUAL_FOOTBALL ? all.filter((m) => VIRTUAL_MARKET_TYPES.includes(m.t)) : all;
}

export function initialState(sportId: number): MatchState {
  if (playsFootball(sportId))
    return { kind: 'football', football: { phase: 'pre', minute: 0, facts: emptyFacts() } };
  return { kind: 'period', period: { period: -1, elapsed: 0, facts: { periods: [] }, ended: false } };
}

function specs(event: PricingEvent): MarketSpec<never>[] {
  if (playsFootball(event.sportId)) return footballSpecsOf(event) as MarketSpec<never>[];
  const profile = PERIOD_SPORTS[event.sportId];
  if (!profile) throw new Error(`unknown sport ${event.sportId}`);
  return periodMarkets(
    event.sportId,
    periodRates(profile, event.homeStrength, event.awayStrength),
  ) as MarketSpec<never>[];
}

/** Every market of an event priced for the given state (pre-match: `initialState`). */
export function priceEvent(
  event: PricingEvent,
  state: MatchState,
  options: PricingOptions = DEFAULT_PRICING,
): PricedMarket[] {
  if (state.kind === 'football') {
    const rates = footballRates(event.homeStrength, event.awayStrength);
    return priceFootball(
      footballSpecsOf(event),
      { rates, state: state.football, home: event.homePlayers, away: event.awayPlayers },
      options,
    );
  }
  const profile = PERIOD_SPORTS[event.sportId];
  if (!profile) throw new Error(`unknown sport ${event.sportId}`);
  const rates = periodRates(profile, event.homeStrength, event.awayStrength);
  const views = periodViews(profile, rates, state.period);
  // Exact decisions from the sport's rules (period.markets `possible`); prices from the exact laws (period.exact).
  return periodMarkets(event.sportId, rates).map((spec) =>
    finishMarket(
      spec,
      priceOverDistribution(spec, views(spec.view)),
      decisionsOf(spec, state.period),
      options.band,
    ),
  );
}

export interface MarketResult {
  t: number;
  s: string;
  results: Record<string, Result>;
}

/** Every market's outcome results from the final facts: the record settlement reads. */
export function settleEvent(event: PricingEvent, facts: MatchFacts): MarketResult[] {
  const value = facts.kind === 'football' ? facts.football : facts.period;
  return specs(event).map((spec) => ({
    t: spec.t,
    s: spec.s,
    results: settleMarket(spec as MarketSpec<unknown>, value),
  }));
}

export const marketKey = (t: number, s: string) => `${t}|${s}`;
