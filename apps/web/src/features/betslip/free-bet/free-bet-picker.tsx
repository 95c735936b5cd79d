import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { RewardOffer, type RewardPickerProps } from '../components/reward-offer';
import { chooseFreeBet } from './free-bet-store';

/** The slip's badge: a free bet on offer ("Free bet ₺10 available", Use it), or the one that is the stake. */
export function FreeBetPicker({ chosen, offer, currency }: RewardPickerProps) {
  const { t } = useTranslation();
  const shown = chosen ?? offer;
  if (!shown) return null;
  const amount = formatUserMoney(shown.amount, currency);
  return (
    <RewardOffer
      testId="free-bet"
      chosen={chosen !== null}
      text={t(chosen ? 'betslip.free_bet_used' : 'betslip.free_bet_available', { amount })}
      use={{ label: t('betslip.free_bet_use'), onClick: () => chooseFreeBet(shown.id) }}
      remove={{ label: t('betslip.free_bet_remove'), onClick: () => chooseFreeBet(null) }}
    />
  );
}
