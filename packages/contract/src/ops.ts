/**
 * Shapes of the back office's `/ops/v1` answers that the server builds and the trading desk reads: one
 * definition for both sides. Types only (the operators' API is internal; its routes validate their input with
 * their own schemas). Money in minor units.
 */

/** An event of the results workspace, with its markets' and bets' counts. */
export interface OpsResultsEvent {
  eventId: number;
  sportId: number;
  status: string;
  startAt: string;
  home: string;
  away: string;
  score: { home: number; away: number } | null;
  markets: number;
  unresolved: number;
  openBets: number;
  settledBets: number;
  stakes: number;
}

/** A day of the book per brand, currency and sport (the dashboard). */
export interface OpsBookDay {
  day: string;
  brandId: number;
  brand: string;
  currency: string;
  /** The sport of every leg; 0 = a multiple across sports. */
  sportId: number;
  /** Stakes of the bets placed that day (accepted: not pending, rejected or cancelled). */
  turnover: number;
  bets: number;
  /** Stakes and what was paid (payouts, refunds, cash-outs) of the bets finally settled that day. */
  settledStakes: number;
  paid: number;
  ggr: number;
}

/** The casino's return to player of a game family over the dashboard's period. */
export interface OpsRtpFamily {
  family: string;
  rounds: number;
  stakes: number;
  wins: number;
  /** wins / stakes, basis points (null without stakes). */
  actualBp: number | null;
  /** The games' declared RTP weighted by stake, basis points. */
  theoreticalBp: number | null;
}

/**
 * What the book stands to lose on an event, from its open bets (accepted, or in their live delay), per market
 * and selection:
 * - `stakes`: the stake of the combinations that hold the selection (a single's stake; a multiple's whole stake;
 *   a system's combinations that contain the leg), `bets`: how many bets hold it;
 * - `payoutIfWins`: what the book pays if the selection wins and every other leg wins too, less what it would pay
 *   with the selection lost (the worst case for a multiple, the exact payout for a single), from the odds each
 *   bet was accepted at, floored to the minor unit as settlement floors it;
 * - `net`: the market's stakes less `payoutIfWins`: the book's result on the market if this outcome happens
 *   (negative = a loss).
 * The event's `netRisk` is the sum over its markets of the worst outcome's net (0 when every outcome wins).
 */
export interface OpsSelectionLiability {
  selectionId: number;
  name: string;
  outcome: string;
  odd: number | null;
  stakes: number;
  bets: number;
  payoutIfWins: number;
  net: number;
}

export interface OpsMarketLiability {
  marketId: number | null;
  marketType: number;
  special: string;
  suspended: string | null;
  disabled: boolean;
  stakes: number;
  bets: number;
  worstNet: number;
  selections: OpsSelectionLiability[];
}

/** An event's liability: its open bets by market and selection, worst market first. */
export interface OpsEventLiability {
  eventId: number;
  event: string | null;
  bets: number;
  stakes: number;
  netRisk: number;
  markets: OpsMarketLiability[];
}
