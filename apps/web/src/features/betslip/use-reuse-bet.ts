import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { updateSlip } from '@/lib/slip-store';
import { getBetDetail } from './api/get-bet-detail';
import { restoreCoupon } from './coupon-store';
import { couponOfBet, slipEntriesOf } from './reuse';

/** Spec §9: reuse opens the slip after 2 s. */
export const REUSE_OPEN_MS = 2_000;

/**
 * Reuse of a placed bet: its selections and coupon put back in the slip, which opens 2 s later. `failed` is also
 * the page's other failures' flag (a receipt that did not print).
 */
export function useReuseBet() {
  const { locale } = useAppContext();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [reused, setReused] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!reused) return;
    const timer = window.setTimeout(() => navigate(to('/betslip')), REUSE_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, [reused, navigate, to]);

  const reuse = async (betId: number) => {
    setFailed(false);
    try {
      const detail = await getBetDetail(betId, locale);
      const entries = slipEntriesOf(detail);
      updateSlip(() => ({ bets: entries }));
      restoreCoupon(couponOfBet(detail), entries.length);
      setReused(true);
    } catch {
      setFailed(true);
    }
  };
  return { reused, failed, setFailed, reuse };
}
