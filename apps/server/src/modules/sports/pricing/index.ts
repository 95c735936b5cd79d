// The market model: how a match's markets are priced from the teams' rates and its state, and how its facts
// settle them. The sports read side builds and limits its markets with it; the feed producer (modules/producer)
// plays matches and reprices with it (on the sports module's pricer). Pure functions; no tables.
export {
  VIRTUAL_FOOTBALL,
  initialState,
  isPreMatchOnlySport,
  playsFootball,
  settleEvent,
  type MarketResult,
  type MatchFacts,
  type MatchState,
  type PricingEvent,
} from './event-pricing';
export {
  ADDED_MINUTES,
  FIRST_HALF_CORNER_SHARE,
  FIRST_HALF_GOAL_SHARE,
  footballRates,
  goalsAway,
  goalsHome,
  liveGoalRates,
  type FootballFacts,
  type FootballRates,
  type FootballState,
  type Player,
} from './football.facts';
export { fairColumns, maxStakeFor } from './margin';
export { PERIOD_SPORTS } from './period.markets';
export {
  homePointChance,
  matchDecided,
  periodRates,
  playPoint,
  setInPlay,
  setsWon,
  startSet,
  totals,
  type PeriodRates,
  type PeriodSportProfile,
  type PeriodState,
  type PointOutcome,
} from './period.model';
export type { Pricer } from './pricer';
export { createRng, hashSeed, pick, type Rng } from './random';
// Rows from priced markets (the read side's and the producer's), and a market's results from the match facts.
export { marketOpen, pricingEventOf } from '../market-builder';
export {
  planResult,
  resolveResults,
  ResultInputError,
  type ResultInput,
  type ResultPlan,
} from '../operator-result';
