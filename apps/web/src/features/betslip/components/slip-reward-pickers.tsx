import type { Currency } from '@sb/contract';
import { BoostNote } from '../odds-boost/boost-note';
import { FreeBetPicker } from '../free-bet/free-bet-picker';
import { CashRewardPicker } from '../cash-reward/cash-reward-picker';
import type { useSlipRewards } from '../use-slip-rewards';

/** The slip's reward: the odds boost taken, else the free bet and cash reward pickers (one reward per bet). */
export function SlipRewardPickers({
  rewards,
  currency,
}: {
  rewards: ReturnType<typeof useSlipRewards>;
  currency: Pick<Currency, 'symbol' | 'position'>;
}) {
  const { boost, freeBet, free, cash, cashReward } = rewards;
  if (boost) return <BoostNote boost={boost} currency={currency} />;
  return (
    <>
      {!cashReward && <FreeBetPicker chosen={freeBet.chosen} offer={freeBet.offer} currency={currency} />}
      {!free && <CashRewardPicker chosen={cashReward} offer={cash.offer} currency={currency} />}
    </>
  );
}
