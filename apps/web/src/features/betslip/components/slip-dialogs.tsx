import { useNavigate } from 'react-router';
import type { CouponPick } from '@sb/betting';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLocalePath } from '@/lib/app-context';
import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { setStake, toggleCouponSystem } from '../coupon-store';
import type { SlipDialog } from '../use-place-slip';
import type { SlipPageState } from '../use-slip';
import { StakePopup } from './stake-popup';
import { SystemPopup } from './system-popup';

export interface SlipDialogsProps {
  dialog: SlipDialog;
  slip: Pick<SlipPageState, 'coupon' | 'stakeState' | 'betCount' | 'currency' | 'stake'>;
  picks: CouponPick[];
  showPerBet: boolean;
  /** What the slip returns at most (null: beyond exact integers), for the confirmation. */
  earnings: { min: number; max: number } | null;
  onClose: () => void;
  onConfirmPlace: () => void;
}

/** The slip's dialogs: the system sizes, the stake editor, log in to bet and the confirmation before placing. */
export function SlipDialogs(props: SlipDialogsProps) {
  const { dialog, picks, showPerBet, earnings, onClose } = props;
  const { coupon, stakeState, betCount, currency } = props.slip;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const money = (n: number) => formatUserMoney(n, currency);
  return (
    <>
      <SystemPopup
        open={dialog === 'system'}
        coupon={coupon}
        picks={picks}
        onToggle={toggleCouponSystem}
        onClose={onClose}
      />
      <StakePopup
        open={dialog === 'stake'}
        onClose={onClose}
        stake={stakeState}
        betCount={betCount}
        showPerBet={showPerBet}
        currency={currency}
        onSave={(next) => {
          setStake(next);
          onClose();
        }}
      />
      <ConfirmDialog
        open={dialog === 'auth'}
        title={t('processing.error')}
        text={t('auth.bet_auth')}
        confirmLabel={t('nav.login')}
        cancelLabel={t('betslip.close')}
        onConfirm={() => navigate(to('/login'))}
        onCancel={onClose}
      />
      <ConfirmDialog
        open={dialog === 'confirm'}
        title={t('betslip.confirm_title')}
        text={t('betslip.confirm_text', {
          stake: money(props.slip.stake.total),
          earnings: earnings ? money(earnings.max) : t('betslip.earnings_beyond'),
        })}
        confirmLabel={t('betslip.place')}
        cancelLabel={t('betslip.confirm_no')}
        onConfirm={props.onConfirmPlace}
        onCancel={onClose}
      />
    </>
  );
}
