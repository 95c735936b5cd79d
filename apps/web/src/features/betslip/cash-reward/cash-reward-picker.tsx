import type { Bonus } from '@sb/contract';
import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { RewardOffer, type RewardPickerProps } from '../components/reward-offer';
import { chooseFreeBet } from '../free-bet/free-bet-store';
import { chooseCashReward } from './slip-cash-reward';

/** What the reward gives, in a sentence: an insurance's refund cap, a profit boost's percent and cap. */
function offerText(b: Bonus, t: ReturnType<typeof useTranslation>['t'], money: (n: number) => string) {
  if ('maxRefund' in b.terms) return t('betslip.insurance_offer', { amount: money(b.terms.maxRefund) });
  if ('maxBoost' in b.terms)
    return t('betslip.profit_boost_offer', {
      percent: String(b.terms.percent),
      amount: money(b.terms.maxBoost),
    });
  return '';
}

/** The slip's offer of an acca insurance or a profit boost (Use it), or the one chosen for this bet (Remove). */
export function CashRewardPicker({ chosen, offer, currency }: RewardPickerProps) {
  const { t } = useTranslation();
  const money = (n: number) => formatUserMoney(n, currency);
  const shown = chosen ?? offer;
  if (!shown) return null;
  const text = offerText(shown, t, money);
  return (
    <RewardOffer
      testId="cash-reward"
      kind={shown.kind}
      chosen={chosen !== null}
      text={chosen ? t('betslip.cash_reward_on', { text }) : text}
      use={{
        label: t('betslip.cash_reward_use'),
        onClick: () => {
          // One reward per bet: a free bet chosen is put back.
          chooseFreeBet(null);
          chooseCashReward(shown.id);
        },
      }}
      remove={{ label: t('betslip.cash_reward_remove'), onClick: () => chooseCashReward(null) }}
    />
  );
}
