import type { OpsBookDay, OpsResultsEvent, OpsRtpFamily } from '@sb/contract';
import type { Lang } from './i18n';

export type ResultsEvent = OpsResultsEvent;
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
  book: (OpsBookDay & { holdBp: number | null })[];
  betsPerMinute: number[];
  liveEvents: number;
  rtp: OpsRtpFamily[];
  /** Names of the sports the book rows name. */
  sports: { id: number; name: Record<Lang, string> }[];
}
