import { useState } from 'react';
import { slipForm } from './slip-model';
import { chooseFreeBet } from './free-bet/free-bet-store';
import type { SlipPageState } from './use-slip';

/** Which of the slip's dialogs is open, if any. */
export type SlipDialog = 'system' | 'stake' | 'auth' | 'confirm' | null;

/** The slip's open dialog and placing: a visitor is asked to log in, a player to confirm unless quick bet is on. */
export function usePlaceSlip(slip: SlipPageState) {
  const [dialog, setDialog] = useState<SlipDialog>(null);
  const { bets, coupon, stake, rewards, flow, shape } = slip;
  const place = () => {
    if (slip.sessionLoading) return;
    if (!slip.user || slip.user.uid <= 0) return setDialog('auth');
    if (!slip.quickBet) return setDialog('confirm');
    flow.place(slipForm(bets, coupon, stake.total, 2, rewards.bonusId), shape);
  };
  const confirmPlace = () => {
    setDialog(null);
    flow.place(slipForm(bets, coupon, stake.total, 1, rewards.bonusId), shape);
  };
  const editStake = () => {
    // Typing a stake pays with the balance: the free bet is put back.
    chooseFreeBet(null);
    setDialog('stake');
  };
  return { dialog, setDialog, place, confirmPlace, editStake };
}
