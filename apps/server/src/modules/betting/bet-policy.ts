import type { OddsChangePolicy } from '@sb/contract';

/**
 * What the desk set on a client's risk profile that changes how their bets are placed (issue 34 item 3): the
 * live bet delay, the odds-change policy and the referral thresholds. Null everywhere = the brand's rules.
 */
export interface ClientBetPolicy {
  /** Replaces the live delay (`BET_LIVE_DELAY_MS`) for this client's live bets. */
  delayMs: number | null;
  /** The desk's odds-change policy: the stricter of it and the client's own preference applies. */
  oddsPolicy: OddsChangePolicy | null;
  /** Bets whose total stake reaches it are referred (minor units). */
  referralStake: number | null;
  /** Bets whose potential payout reaches it are referred (minor units). */
  referralPayout: number | null;
}

export const NO_CLIENT_POLICY: ClientBetPolicy = {
  delayMs: null,
  oddsPolicy: null,
  referralStake: null,
  referralPayout: null,
};

/** A brand's referral thresholds in one currency (minor units; null = none). */
export interface ReferralThreshold {
  stake: number | null;
  payout: number | null;
}

/** The referral thresholds of a brand and currency (config `BET_REFERRAL_*`). */
export type ReferralThresholdOf = (brandId: number, currency: string) => ReferralThreshold;

export const NO_REFERRALS: ReferralThresholdOf = () => ({ stake: null, payout: null });

/** How much each policy lets through: none < higher < any. */
const LENIENCY: Record<OddsChangePolicy, number> = { none: 0, higher: 1, any: 2 };

/** The stricter of the client's own preference and the desk's policy (none when the desk set none). */
export function stricterPolicy(own: OddsChangePolicy, desk: OddsChangePolicy | null): OddsChangePolicy {
  return desk !== null && LENIENCY[desk] < LENIENCY[own] ? desk : own;
}

/** When a bet's acceptance check is due: a live bet after its client's delay (else the brand's); else none. */
export function acceptAtOf(isLive: boolean, now: number, client: ClientBetPolicy, defaultMs: number) {
  return isLive ? new Date(now + (client.delayMs ?? defaultMs)) : null;
}

/** The lower of two thresholds, either of which may be absent: a client's threshold only tightens the brand's. */
const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** The thresholds that apply to one client's bet: the brand's, tightened by the client's own. */
export function thresholdsFor(brand: ReferralThreshold, client: ClientBetPolicy): ReferralThreshold {
  return {
    stake: lower(brand.stake, client.referralStake),
    payout: lower(brand.payout, client.referralPayout),
  };
}

/** Why a bet must wait for the desk (its stake or its potential payout reaches the threshold), or null. */
export function referralReason(
  bet: { stake: number; payout: number },
  thresholds: ReferralThreshold,
): 'stake' | 'payout' | null {
  if (thresholds.stake !== null && bet.stake >= thresholds.stake) return 'stake';
  if (thresholds.payout !== null && bet.payout >= thresholds.payout) return 'payout';
  return null;
}

/** One override of the referral thresholds: a brand (null: every brand) and a currency. */
export interface ReferralOverride extends ReferralThreshold {
  brandId: number | null;
  currency: string;
}

/**
 * The referral thresholds per brand and currency: the brand's own entry for the currency, else the one for every
 * brand, else the defaults (0 = none).
 */
export function referralThresholds(settings: {
  stake: number;
  payout: number;
  overrides: readonly ReferralOverride[];
}): ReferralThresholdOf {
  const none = (n: number | null) => (n === null || n <= 0 ? null : n);
  return (brandId, currency) => {
    const own = settings.overrides.find((o) => o.brandId === brandId && o.currency === currency);
    const every = settings.overrides.find((o) => o.brandId === null && o.currency === currency);
    const found = own ?? every;
    return found
      ? { stake: none(found.stake), payout: none(found.payout) }
      : { stake: none(settings.stake), payout: none(settings.payout) };
  };
}
