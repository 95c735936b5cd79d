import type { Lang } from './i18n';
/** Shapes of the results workspace's and the dashboard's `/ops/v1` answers. */
export interface ResultsEvent {
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

export interface ResultsMarket {
  marketId: number;
  t: number;
  s: string;
  name: { en: string; tr: string };
  state: 'open' | 'closed' | 'resolved';
  openBets: number;
  settledBets: number;
  selections: { id: number; outcome: string; name: string; odd: number; result: string | null }[];
}

export interface ResultReport {
  marketId: number;
  action: 'result' | 'void' | 'resettle';
  preview: boolean;
  unchanged: boolean;
  voided: boolean;
  selections: { id: number; outcome: string; name: string; before: string | null; after: string }[];
  bets: {
    betId: number;
    brand: string;
    username: string;
    currency: string;
    statusBefore: string;
    statusAfter: string;
    paidBefore: number;
    paidAfter: number;
    change: number;
    debt: number;
  }[];
  totals: {
    currency: string;
    bets: number;
    change: number;
    reversed: number;
    paidNow: number;
    debt: number;
  }[];
}

export interface Dashboard {
  from: string;
  at: string;
  book: {
    day: string;
    brandId: number;
    brand: string;
    currency: string;
    sportId: number;
    turnover: number;
    bets: number;
    settledStakes: number;
    paid: number;
    ggr: number;
    holdBp: number | null;
  }[];
  betsPerMinute: number[];
  liveEvents: number;
  rtp: {
    family: string;
    rounds: number;
    stakes: number;
    wins: number;
    actualBp: number | null;
    theoreticalBp: number | null;
  }[];
  /** Names of the sports the book rows name. */
  sports: { id: number; name: Record<Lang, string> }[];
}
