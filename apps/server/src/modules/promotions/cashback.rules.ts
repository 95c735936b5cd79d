/**
 * Cashback (issue 36): the pure computation. A settled sports bet as cashback counts it; the amount due on the
 * client's net losses of a period, exact in integer minor units.
 */

/** A bet the client settled in the period (betting's answer): what it staked and everything it returned. */
export interface CashbackBet {
  id: number;
  /** `win`, `loss`, `refund` (every leg void) or `cashout`. */
  status: string;
  /** The whole stake (a free bet's is the reward's, no cash). */
  staked: number;
  /** Everything paid back: the settlement's payout or refund and cash-outs. */
  returned: number;
  /** The part of the stake paid from bonus money. */
  bonusStake: number;
  /** The reward the bet carries, if any (`free_bet`: no cash was staked). */
  rewardKind: string | null;
}

/** The rate in basis points (10 000 = 100 %): `basisPoints` as given, else `percent` × 100. */
export const cashbackBasisPoints = (terms: { percent?: number; basisPoints?: number }): number =>
  terms.basisPoints ?? (terms.percent ?? 0) * 100;

/**
 * A bet's cash net loss (stake − returns, negative for a profit): a void (`refund`) and a free bet (no cash staked)
 * count nothing; a bet with a bonus stake counts its cash part only — the cash stake less the cash share of its
 * returns (the bonus share is ⌊returned × bonusStake / staked⌋, as betting pays it).
 */
export function cashNetLoss(bet: CashbackBet): bigint {
  if (bet.status === 'refund' || bet.rewardKind === 'free_bet' || bet.staked <= 0) return 0n;
  const staked = BigInt(bet.staked);
  const returned = BigInt(bet.returned);
  const bonus = BigInt(bet.bonusStake);
  const bonusShare = bonus > 0n ? (returned * bonus) / staked : 0n;
  return staked - bonus - (returned - bonusShare);
}

/**
 * What the client is due: `⌊max(0, Σ net loss) × basisPoints / 10 000⌋`, at most `maxAmount` (minor units). Winning
 * bets offset losing ones (net losses of the period, never a bet alone).
 */
export function cashbackDue(
  bets: readonly CashbackBet[],
  basisPoints: number,
  maxAmount: number,
): { netLoss: number; amount: number } {
  const net = bets.reduce((sum, b) => sum + cashNetLoss(b), 0n);
  const netLoss = net > 0n ? net : 0n;
  const raw = (netLoss * BigInt(basisPoints)) / 10_000n;
  const capped = raw > BigInt(maxAmount) ? BigInt(maxAmount) : raw;
  return { netLoss: Number(netLoss), amount: Number(capped) };
}
