import type { TickerBet } from './api';

/** Shapes of the trading-controls and client calls (`/ops/v1/overrides`, `/limits`, `/clients`). */
export interface Override {
  selectionId: number;
  marketId: number;
  eventId: number;
  name: string;
  odd: number;
  modelOdd: number | null;
  overrideUntil: string | null;
}

export type LimitLevel = 'platform' | 'brand' | 'sport' | 'event' | 'market';
export interface Limit {
  kind: 'stake' | 'liability';
  level: LimitLevel;
  brandId: number | null;
  refId: number | null;
  amount: number;
}

export type RiskLabel = 'standard' | 'vip' | 'sharp' | 'monitored';
export interface ClientRisk {
  stakeFactor: number;
  label: RiskLabel;
  noLive: boolean;
  noCashout: boolean;
  maxStake: number | null;
}

export interface ClientRow {
  id: number;
  brand: { id: number; name: string };
  username: string;
  currency: string;
  createdAt: string;
  /** Owed to the house (minor units, ≥ 0). */
  debt: number;
}

export interface ClientPage {
  client: ClientRow & { name: string; email: string; language: string };
  balances: { kind: string; currency: string; balance: number }[];
  /** Owed to the house per currency (a resettlement's shortfall), repaid from deposits and winnings. */
  debt: { currency: string; owed: number }[];
  risk: ClientRisk;
  stakeLimits: Limit[];
  responsibleGambling: {
    limits: {
      type: string;
      period: string;
      amount: number | null;
      pendingAmount: number | null;
      pendingFrom: string | null;
    }[];
    realityCheckMinutes: number | null;
    exclusion: { kind: string; until: string } | null;
  };
  ggr: {
    sports: { bets: number; stakes: number; paid: number; ggr: number };
    casino: { stakes: number; ggr: number };
  };
  openBets: TickerBet[];
  settledBets: TickerBet[];
  transactions: {
    id: number;
    type: string;
    account: string;
    amount: number;
    balanceAfter: number | null;
    at: string;
  }[];
}

export const RISK_LABELS: RiskLabel[] = ['standard', 'vip', 'sharp', 'monitored'];
export const LIMIT_LEVELS: LimitLevel[] = ['platform', 'brand', 'sport', 'event', 'market'];
/** The server's default liability limit (minor units) when none is set: trading-controls.ts. */
export const DEFAULT_LIABILITY_LIMIT = 500_000;

/** A money input (major units, "12.50") as minor units, or null when empty or not a number. */
export function minorOf(text: string): number | null {
  const v = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(v) || v < 0 ? null : Math.round(v * 100);
}
