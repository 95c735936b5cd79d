import type { Bonus, Currency } from '@sb/contract';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { rewardTerms, useBonuses } from '@/lib/bonuses';
import { useDateFormat } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { formatUserMoney } from '@/lib/money';
import { useSessionUser } from '@/lib/session';
import { CashbackClaim, isOffered, isUnclaimedCashback, OptInJoin } from './reward-actions';
import './promotions.css';

/** The client's rewards (issue 36): each free bet, boost, insurance or bonus (its wagering so far) with its amount, status, expiry and terms in the page's language. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const bonuses = useBonuses();
  if (!user || bonuses.isPending) return <Spinner label={t('app.loading')} />;
  if (bonuses.isError) return <PageMessage level={2} role="alert" title={t('app.error')} />;
  const list = bonuses.data;
  return (
    <div className="promotions-page" data-testid="promotions">
      <h2>{t('promotions.title')}</h2>
      {list.length === 0 ? (
        <p className="promotions-page__empty">{t('promotions.empty')}</p>
      ) : (
        <ul className="promotions-list">
          {list.map((bonus) => (
            // A cashback not claimed yet has no reward row (id 0): its campaign names it.
            <RewardCard
              key={`${bonus.id}:${bonus.campaignId ?? ''}`}
              bonus={bonus}
              currency={user.currency}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** What a used reward paid: bonus money released, a cashback paid, or a bet's winnings. */
const paidKey = (kind: Bonus['kind']) =>
  kind === 'bonus'
    ? 'promotions.released'
    : kind === 'cashback'
      ? 'promotions.cashback.paid'
      : 'promotions.paid';

/** A reward's status, and its date or what it paid: join by, claim or use until, paid. */
function RewardStatus({ bonus, money }: { bonus: Bonus; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <p className="reward-card__status">
      <span className="reward-card__badge">{t(`promotions.status.${bonus.status}`)}</span>
      {bonus.status === 'offered' && (
        <span>{t('promotions.opt_in.join_by', { date: dates.dateTime(bonus.expiresAt) })}</span>
      )}
      {bonus.status === 'available' && (
        <span>
          {t(isUnclaimedCashback(bonus) ? 'promotions.cashback.claim_until' : 'promotions.expires', {
            date: dates.dateTime(bonus.expiresAt),
          })}
        </span>
      )}
      {bonus.status === 'used' && bonus.paid > 0 && (
        <span>
          {t(paidKey(bonus.kind), {
            amount: money(bonus.paid),
          })}
        </span>
      )}
    </p>
  );
}

function RewardCard({ bonus, currency }: { bonus: Bonus; currency: Pick<Currency, 'symbol' | 'position'> }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatUserMoney(minor, currency);
  return (
    <li
      className={`reward-card reward-card--${bonus.status}`}
      data-testid="reward"
      data-status={bonus.status}
    >
      <header>
        <span className="reward-card__kind">{t(`promotions.kind.${bonus.kind}`)}</span>
        <strong className="reward-card__amount" data-testid="reward-amount">
          {money(bonus.amount)}
        </strong>
      </header>
      <p className="reward-card__campaign">{bonus.campaign}</p>
      <RewardStatus bonus={bonus} money={money} />
      {isUnclaimedCashback(bonus) && <CashbackClaim bonus={bonus} now={Date.now()} />}
      {isOffered(bonus) && <OptInJoin bonus={bonus} />}
      {bonus.wagering && bonus.status === 'available' && (
        <p className="reward-card__wagering" data-testid="reward-wagering">
          <progress
            max={bonus.wagering.required}
            value={Math.min(bonus.wagering.counted, bonus.wagering.required)}
          />
          <span>
            {t('promotions.wagering', {
              counted: money(bonus.wagering.counted),
              required: money(bonus.wagering.required),
            })}
          </span>
        </p>
      )}
      <details className="reward-card__terms">
        <summary>{t('promotions.terms.title')}</summary>
        <ul>
          {rewardTerms(bonus, t, money).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </li>
  );
}
