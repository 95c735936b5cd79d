import { bankersAllowed, canAddBanker, COUPON_TYPE } from '@sb/betting';
import { clearSlip } from '@/lib/slip-store';
import { EmptySlip } from './components/empty-slip';
import { SlipDialogs } from './components/slip-dialogs';
import { SlipFooter } from './components/slip-footer';
import { SlipHeader } from './components/slip-header';
import { SlipRewardPickers } from './components/slip-reward-pickers';
import { SlipRows } from './components/slip-rows';
import { chooseCouponType, setQuickBet } from './coupon-store';
import { earningsOf, picksOf, totalOddsOf } from './slip-model';
import { usePlaceSlip } from './use-place-slip';
import { useSlip } from './use-slip';
import './components/betslip.css';

/** What a slip returns; a free bet's winnings are paid without the stake. Null: beyond exact integers. */
function slipEarnings(returns: { min: number; max: number } | null, free: { amount: number } | null) {
  return free && returns
    ? { min: Math.max(0, returns.min - free.amount), max: Math.max(0, returns.max - free.amount) }
    : returns;
}

/** The translation key the place button says while busy, or null when it is ready. */
function busyLabel(pending: boolean, live: boolean, sessionLoading: boolean): string | null {
  if (pending) return live ? 'betslip.live_delay' : 'betslip.placing';
  return sessionLoading ? 'app.loading' : null;
}

/** Spec §2 Bet slip: the rows, the coupon type, the stake and placing, with the server's checks every 10 s. */
export function BetslipPage() {
  const slip = useSlip();
  const { dialog, setDialog, place, confirmPlace, editStake } = usePlaceSlip(slip);
  const { bets, coupon, betCount, stake, rewards, errors, currency, flow, events } = slip;
  if (bets.length === 0) return <EmptySlip />;

  const picks = picksOf(bets);
  const isSystem = coupon.type === COUPON_TYPE.system;
  const showPerBet = coupon.type !== COUPON_TYPE.multiple && betCount > 1;
  const earnings = slipEarnings(earningsOf(coupon, bets, stake.perBet), rewards.free);
  const live = bets.some((b) => b.live || events.data?.get(b.eventId)?.isLive);

  return (
    <div className="betslip" data-testid="betslip">
      <SlipHeader
        coupon={coupon}
        picks={picks}
        onType={chooseCouponType}
        onSystem={() => setDialog('system')}
        onClear={clearSlip}
      />
      <SlipRows
        bets={bets}
        numbered={isSystem}
        events={events.data}
        perBet={errors.perBet}
        held={slip.held}
        currency={currency}
        canBanker={bankersAllowed(coupon, picks)}
        canAdd={canAddBanker(coupon, picks)}
      />
      <SlipRewardPickers rewards={rewards} currency={currency} />
      <SlipFooter
        betCount={betCount}
        totalOdds={coupon.type === COUPON_TYPE.multiple ? totalOddsOf(bets) : null}
        errors={errors.general}
        hint={isSystem && coupon.systems.length === 0 ? 'betslip.choose_system' : null}
        quickBet={slip.quickBet}
        stake={stake}
        showPerBet={showPerBet}
        earnings={earnings}
        showMinEarnings={isSystem}
        currency={currency}
        busy={busyLabel(flow.isPending, live, slip.sessionLoading)}
        canPlace={slip.ready && stake.total > 0 && !slip.tooLarge}
        maxStake={slip.check.data?.maxStake ?? null}
        onQuickBet={setQuickBet}
        onStake={editStake}
        onPlace={place}
      />
      <SlipDialogs
        dialog={dialog}
        slip={slip}
        picks={picks}
        showPerBet={showPerBet}
        earnings={earnings}
        onClose={() => setDialog(null)}
        onConfirmPlace={confirmPlace}
      />
    </div>
  );
}
