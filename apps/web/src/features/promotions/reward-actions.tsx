import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useDateFormat } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { USER_QUERY_KEY } from '@/lib/session';

/** A campaign without a reward row yet (`id` 0, its `campaignId`): a cashback to claim, an opt-in to join. */
type CampaignEntry = Bonus & { campaignId: number };

/** A cashback campaign not claimed yet: claimable from its period's end. */
export const isUnclaimedCashback = (bonus: Bonus): bonus is CampaignEntry =>
  bonus.kind === 'cashback' && bonus.id === 0 && bonus.campaignId !== undefined;

/** An opt-in campaign the client may join. */
export const isOffered = (bonus: Bonus): bonus is CampaignEntry =>
  bonus.status === 'offered' && bonus.campaignId !== undefined;

/** Claimable now: the period is over (the claim window's end is the reward's expiry) and something is due. */
export const canClaimCashback = (bonus: Bonus, now: number): boolean =>
  bonus.amount > 0 &&
  Date.parse(bonus.expiresAt) > now &&
  (bonus.claimableAt === undefined || Date.parse(bonus.claimableAt) <= now);

/**
 * One button that posts `{ campaignId }` to `path`: a repeat (another tab, a retry) answers the first call and gives
 * nothing more, so it may be pressed again safely; afterwards the rewards and the balance are read again. A refusal
 * the page knows (`refusals`) is said in a sentence under `texts.error.<code>`, anything else as `.generic`.
 */
function CampaignAction(props: {
  path: string;
  campaignId: number;
  ready: boolean;
  texts: string;
  label: string;
  refusals: readonly string[];
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useMutation({
    mutationFn: () =>
      apiRequest('api', props.path, { method: 'POST', body: { campaignId: props.campaignId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY] }),
  });
  const code = action.error instanceof ApiError ? String(action.error.body.error) : '';
  return (
    <div className="reward-card__claim">
      {props.children}
      <Button
        data-testid={props.testId}
        disabled={!props.ready || action.isPending}
        aria-busy={action.isPending}
        onClick={() => action.mutate()}
      >
        {t(props.label)}
      </Button>
      {action.isError && (
        <p role="alert" className="reward-card__error">
          {t(`${props.texts}.error.${props.refusals.includes(code) ? code : 'generic'}`)}
        </p>
      )}
    </div>
  );
}

/** The claim of a cashback campaign (`POST /api/v1/bonuses/cashback`), once its period has ended. */
export function CashbackClaim({ bonus, now }: { bonus: CampaignEntry; now: number }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const ready = canClaimCashback(bonus, now);
  const periodOver = bonus.claimableAt === undefined || Date.parse(bonus.claimableAt) <= now;
  // Over with nothing due (no net loss): the disabled button says why, not only its amount of 0.
  const nothingDue = periodOver && bonus.amount === 0 && Date.parse(bonus.expiresAt) > now;
  return (
    <CampaignAction
      path="/api/v1/bonuses/cashback"
      campaignId={bonus.campaignId}
      ready={ready}
      texts="promotions.cashback"
      label="promotions.cashback.claim"
      refusals={['cashback_period_open', 'cashback_expired', 'cashback_nothing_due', 'campaign_status']}
      testId="cashback-claim"
    >
      {!ready && bonus.claimableAt && !periodOver && (
        <span>{t('promotions.cashback.claimable_from', { date: dates.dateTime(bonus.claimableAt) })}</span>
      )}
      {nothingDue && (
        <span data-testid="cashback-nothing-due">{t('promotions.cashback.error.cashback_nothing_due')}</span>
      )}
    </CampaignAction>
  );
}

/** Joining an opt-in campaign (`POST /api/v1/bonuses/opt-in`): its reward is given at once. */
export function OptInJoin({ bonus }: { bonus: CampaignEntry }) {
  return (
    <CampaignAction
      path="/api/v1/bonuses/opt-in"
      campaignId={bonus.campaignId}
      ready
      texts="promotions.opt_in"
      label="promotions.opt_in.join"
      refusals={['campaign_status', 'campaign_closed', 'bonus_running', 'not_found']}
      testId="opt-in-join"
    />
  );
}
