import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { bankersAllowed, canAddBanker, COUPON_TYPE, MAX_SLIP_AMOUNT_CENTS } from '@sb/betting';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLocalePath } from '@/lib/app-context';
import { formatUserMoney } from '@/lib/money';
import { useIsLoggedIn, useSessionUser } from '@/lib/session';
import { clearSlip, removeSelection, useSlipStore } from '@/lib/slip-store';
import { useCheckBets } from './api/check-bets';
import { useSlipEvents } from './api/get-slip-events';
import { useSlipFeed } from './use-slip-feed';
import { hasErrors, NO_ERRORS, shownErrors, slipErrorsOf, type SlipErrors } from './bet-errors';
import { EmptySlip } from './components/empty-slip';
import { SlipFooter } from './components/slip-footer';
import { SlipHeader } from './components/slip-header';
import { SlipRow } from './components/slip-row';
import { StakePopup } from './components/stake-popup';
import { SystemPopup } from './components/system-popup';
import {
  chooseCouponType,
  setQuickBet,
  setStake,
  toggleCouponSystem,
  toggleSlipBanker,
  useCouponStore,
} from './coupon-store';
import { betCountOf, couponReady, earningsOf, picksOf, slipForm, totalOddsOf } from './slip-model';
import { stakeAt } from './stake';
import { useDelayed } from './use-delayed';
import { chooseFreeBet } from './free-bet/free-bet-store';
import { FreeBetPicker } from './free-bet/free-bet-picker';
import { useSlipFreeBet } from './free-bet/use-slip-free-bet';
import { usePlaceFlow } from './use-place-flow';
import { BoostNote } from './odds-boost/boost-note';
import { boostErrors, slipBoostOf } from './odds-boost/slip-boost';
import { CashRewardPicker } from './cash-reward/cash-reward-picker';
import { cashRewardErrors, slipCashReward, useCashRewardStore } from './cash-reward/slip-cash-reward';
import { useBonuses } from '@/lib/bonuses';
import './components/betslip.css';

/** Spec §8: checkBets errors show after 1 s. */
export const CHECK_ERRORS_DELAY_MS = 1_000;
/** Visitors have no currency: amounts show without a symbol. */
const NO_CURRENCY = { symbol: '', position: 'before' } as const;

const isBlank = (errors: SlipErrors) => !hasErrors(errors);
const TOO_LARGE: SlipErrors = {
  perBet: {},
  general: [{ code: 'stake_above_max', value: MAX_SLIP_AMOUNT_CENTS }],
};

/** The banker toggle's two shown states, one object each: an unchanged row keeps its props (memoised rows). */
const BANKER_CAN_SET = { canSet: true } as const;
const BANKER_FULL = { canSet: false } as const;

type Dialog = 'system' | 'stake' | 'auth' | 'confirm' | null;

/** Spec §2 Bet slip: the rows, the coupon type, the stake and placing, with the server's checks every 10 s. */
export function BetslipPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const user = useSessionUser();
  // Logged in, the session not loaded yet (every page load asks for it): placing waits for it, else a click in
  // that moment would ask a logged-in player to log in.
  const sessionLoading = useIsLoggedIn() && user === null;
  const bets = useSlipStore((s) => s.bets);
  const { coupon, stake: stakeState, quickBet } = useCouponStore();
  const [dialog, setDialog] = useState<Dialog>(null);
  const flow = usePlaceFlow();
  const picks = picksOf(bets);
  const betCount = betCountOf(coupon, bets);
  const freeBet = useSlipFreeBet(coupon.type, betCount);
  // An odds boost taken (a single of its selection picked at the boosted price) is the slip's one reward.
  const bonuses = useBonuses();
  const boost = slipBoostOf(bonuses.data, coupon, bets, Date.now());
  // A boosted pick is checked once the client's rewards are known: a check without the boost would answer the
  // normal price and the slip's odd would flicker down and back up.
  const rewardsKnown = !bonuses.isLoading || !bets.some((b) => b.boost);
  // A free bet is the whole stake of the one bet (issue 36).
  const free = boost ? null : freeBet.chosen;
  // An acca insurance or a profit boost goes beside a cash stake: one reward per bet.
  const cashChosenId = useCashRewardStore((x) => x.chosenId);
  const cash = slipCashReward(
    bonuses.data,
    { couponType: coupon.type, legs: bets.length, betCount },
    cashChosenId,
    Date.now(),
  );
  const cashReward = boost || free ? null : cash.chosen;
  const bonusId = boost?.reward.id ?? free?.id ?? cashReward?.id;
  const stake = free ? { perBet: free.amount, total: free.amount } : stakeAt(stakeState, betCount);
  const ready = couponReady(coupon, bets);
  // A total beyond what any request may name is refused here: the server would answer 400, not a limit.
  const tooLarge = stake.total > MAX_SLIP_AMOUNT_CENTS;
  const check = useCheckBets(
    bets,
    coupon,
    stake.total,
    ready && stake.total > 0 && !tooLarge && rewardsKnown,
    bonusId,
  );
  const events = useSlipEvents(bets.map((b) => b.eventId));
  const held = useSlipFeed(bets);
  const checkErrors = useMemo(() => (check.data ? slipErrorsOf(check.data) : NO_ERRORS), [check.data]);
  const delayed = useDelayed<SlipErrors>(checkErrors, CHECK_ERRORS_DELAY_MS, isBlank, NO_ERRORS);
  const shape = JSON.stringify([bets.map((b) => [b.oddId, b.banker]), coupon, stake.total, bonusId]);
  const errors = cashRewardErrors(
    boostErrors(shownErrors(flow.errorsFor(shape), delayed, tooLarge ? TOO_LARGE : NO_ERRORS), boost),
    cashReward,
  );
  const currency = user?.currency ?? NO_CURRENCY;

  if (bets.length === 0) return <EmptySlip />;

  const isSystem = coupon.type === COUPON_TYPE.system;
  const showPerBet = coupon.type !== COUPON_TYPE.multiple && betCount > 1;
  const canBanker = bankersAllowed(coupon, picks);
  const canAdd = canAddBanker(coupon, picks);
  const returns = earningsOf(coupon, bets, stake.perBet);
  // A free bet's winnings are paid without the stake.
  const earnings =
    free && returns
      ? { min: Math.max(0, returns.min - free.amount), max: Math.max(0, returns.max - free.amount) }
      : returns;
  const place = () => {
    if (sessionLoading) return;
    if (!user || user.uid <= 0) return setDialog('auth');
    if (!quickBet) return setDialog('confirm');
    flow.place(slipForm(bets, coupon, stake.total, 2, bonusId), shape);
  };
  const confirmPlace = () => {
    setDialog(null);
    flow.place(slipForm(bets, coupon, stake.total, 1, bonusId), shape);
  };
  const live = bets.some((b) => b.live || events.data?.get(b.eventId)?.isLive);
  const money = (n: number) => formatUserMoney(n, currency);

  return (
    <div className="betslip" data-testid="betslip">
      <SlipHeader
        coupon={coupon}
        picks={picks}
        onType={chooseCouponType}
        onSystem={() => setDialog('system')}
        onClear={clearSlip}
      />
      <ol className="slip-rows">
        {bets.map((entry, index) => (
          <SlipRow
            key={entry.oddId}
            number={isSystem ? index + 1 : null}
            entry={entry}
            event={events.data?.get(entry.eventId)}
            error={errors.perBet[entry.oddId]}
            held={held.has(entry.oddId)}
            sameMatch={bets.some((b) => b.eventId === entry.eventId && b.oddId !== entry.oddId)}
            currency={currency}
            banker={canBanker ? (canAdd ? BANKER_CAN_SET : BANKER_FULL) : null}
            onRemove={removeSelection}
            onBanker={toggleSlipBanker}
          />
        ))}
      </ol>
      {boost ? (
        <BoostNote boost={boost} currency={currency} />
      ) : (
        <>
          {!cashReward && <FreeBetPicker chosen={freeBet.chosen} offer={freeBet.offer} currency={currency} />}
          {!free && <CashRewardPicker chosen={cashReward} offer={cash.offer} currency={currency} />}
        </>
      )}
      <SlipFooter
        betCount={betCount}
        totalOdds={coupon.type === COUPON_TYPE.multiple ? totalOddsOf(bets) : null}
        errors={errors.general}
        hint={isSystem && coupon.systems.length === 0 ? 'betslip.choose_system' : null}
        quickBet={quickBet}
        stake={stake}
        showPerBet={showPerBet}
        earnings={earnings}
        showMinEarnings={isSystem}
        currency={currency}
        busy={
          flow.isPending
            ? live
              ? 'betslip.live_delay'
              : 'betslip.placing'
            : sessionLoading
              ? 'app.loading'
              : null
        }
        canPlace={ready && stake.total > 0 && !tooLarge}
        maxStake={check.data?.maxStake ?? null}
        onQuickBet={setQuickBet}
        onStake={() => {
          // Typing a stake pays with the balance: the free bet is put back.
          chooseFreeBet(null);
          setDialog('stake');
        }}
        onPlace={place}
      />
      <SystemPopup
        open={dialog === 'system'}
        coupon={coupon}
        picks={picks}
        onToggle={toggleCouponSystem}
        onClose={() => setDialog(null)}
      />
      <StakePopup
        open={dialog === 'stake'}
        onClose={() => setDialog(null)}
        stake={stakeState}
        betCount={betCount}
        showPerBet={showPerBet}
        currency={currency}
        onSave={(next) => {
          setStake(next);
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={dialog === 'auth'}
        title={t('processing.error')}
        text={t('auth.bet_auth')}
        confirmLabel={t('nav.login')}
        cancelLabel={t('betslip.close')}
        onConfirm={() => navigate(to('/login'))}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'confirm'}
        title={t('betslip.confirm_title')}
        text={t('betslip.confirm_text', {
          stake: money(stake.total),
          earnings: earnings ? money(earnings.max) : t('betslip.earnings_beyond'),
        })}
        confirmLabel={t('betslip.place')}
        cancelLabel={t('betslip.confirm_no')}
        onConfirm={confirmPlace}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
