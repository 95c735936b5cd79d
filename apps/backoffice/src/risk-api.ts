import {
  OPS_LIMIT_LEVELS,
  OPS_RISK_LABELS,
  type OpsClientPage,
  type OpsClientRisk,
  type OpsClientRow,
  type OpsNamedLimit,
  type OpsLimitLevel,
  type OpsOverride,
  type OpsRiskLabel,
} from '@sb/contract';

/** Shapes of the trading-controls and client calls (`/ops/v1/overrides`, `/limits`, `/clients`): the contract's. */
export type Override = OpsOverride;

export type LimitLevel = OpsLimitLevel;
/** A limit as `GET /ops/v1/limits` lists it: with its brand's and its target's names. */
export type Limit = OpsNamedLimit;

export type RiskLabel = OpsRiskLabel;
/** The settable part of a client's risk profile. */
export type ClientRisk = Omit<OpsClientRisk, 'userId'>;

export type OddsPolicy = NonNullable<OpsClientRisk['oddsPolicy']>;
export const ODDS_POLICIES: OddsPolicy[] = ['none', 'higher', 'any'];

export type ClientRow = OpsClientRow;

export type ClientPage = OpsClientPage;

export const RISK_LABELS: readonly RiskLabel[] = OPS_RISK_LABELS;
export const LIMIT_LEVELS: readonly LimitLevel[] = OPS_LIMIT_LEVELS;
/** The server's default liability limit (minor units) when none is set: trading-controls.ts. */
export const DEFAULT_LIABILITY_LIMIT = 500_000;

/** A money input (major units, "12.50") as minor units, or null when empty or not a number. */
export function minorOf(text: string): number | null {
  const v = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(v) || v < 0 ? null : Math.round(v * 100);
}
