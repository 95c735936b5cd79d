import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useDateFormat } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { USER_QUERY_KEY } from '@/lib/session';

/** The server's refusals of a claim that the page names (anything else: a general sentence). */
const KNOWN_REFUSALS = [
  'cashback_period_open',
  'cashback_expired',
  'cashback_nothing_due',
  'campaign_status',
];

/** A cashback campaign not claimed yet (`id` 0, its `campaignId`): claimable from its period's end. */
export const isUnclaimedCashback = (bonus: Bonus): bonus is Bonus & { campaignId: number } =>
  bonus.kind === 'cashback' && bonus.id === 0 && bonus.campaignId !== undefined;

/** Claimable now: the period is over (the claim window's end is the reward's expiry) and something is due. */
export const canClaimCashback = (bonus: Bonus, now: number): boolean =>
  bonus.amount > 0 &&
  Date.parse(bonus.expiresAt) > now &&
  (bonus.claimableAt === undefined || Date.parse(bonus.claimableAt) <= now);

/**
 * The claim of a cashback campaign (issue 36): `POST /api/v1/bonuses/cashback` `{ campaignId }` once its period has
 * ended. A repeat (another tab, a retry) answers the first claim and pays nothing more, so the button may be pressed
 * again safely; after a claim the rewards and the balance are read again.
 */
export function CashbackClaim({ bonus, now }: { bonus: Bonus & { campaignId: number }; now: number }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () =>
      apiRequest('api', '/api/v1/bonuses/cashback', {
        method: 'POST',
        body: { campaignId: bonus.campaignId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY] }),
  });
  const refusal =
    claim.error instanceof ApiError && KNOWN_REFUSALS.includes(String(claim.error.body.error))
      ? String(claim.error.body.error)
      : 'generic';
  const ready = canClaimCashback(bonus, now);
  return (
    <div className="reward-card__claim">
      {!ready && bonus.claimableAt && Date.parse(bonus.claimableAt) > now && (
        <span>{t('promotions.cashback.claimable_from', { date: dates.dateTime(bonus.claimableAt) })}</span>
      )}
      <Button
        data-testid="cashback-claim"
        disabled={!ready || claim.isPending}
        aria-busy={claim.isPending}
        onClick={() => claim.mutate()}
      >
        {t('promotions.cashback.claim')}
      </Button>
      {claim.isError && (
        <p role="alert" className="reward-card__error">
          {t(`promotions.cashback.error.${refusal}`)}
        </p>
      )}
    </div>
  );
}
