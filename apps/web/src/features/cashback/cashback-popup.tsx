import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CashbackResponse, Currency } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { formatUserMoney } from '@/lib/money';
import { useClaimCashback } from './api/claim-cashback';
import { useCashback } from './api/get-cashback';
import './cashback.css';

/** Spec §9: cashback is fetched 0.5 s after load; the page reloads 1.5 s after a claim. */
export const CASHBACK_FETCH_DELAY_MS = 500;
export const CASHBACK_RELOAD_DELAY_MS = 1_500;
const COUNT_UP_MS = 1_200;

/** Where the last offer shown is remembered (its week), so each week's offer pops up once, not on every load. */
export const CASHBACK_SEEN_KEY = 'sb.cashback.seen';

/** The offer's identity: its week (older servers without one: percent and amount). */
const offerId = (data: CashbackResponse) => data.periodStart ?? `${data.percent}:${data.cashback}`;

function seenOffer(): string | null {
  try {
    return localStorage.getItem(CASHBACK_SEEN_KEY);
  } catch {
    return null;
  }
}

function rememberOffer(id: string): void {
  try {
    localStorage.setItem(CASHBACK_SEEN_KEY, id);
  } catch {
    // Private mode without storage: the offer may show again on the next load.
  }
}

/** A percentage as the language writes it: "10%" in English, "%10" in Turkish (2.5 → "2.5%", "%2,5"). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** Shown only when both the percentage and the claimable amount are above 0. */
export const shouldOfferCashback = (data: CashbackResponse | undefined): data is CashbackResponse =>
  Boolean(data && data.percent > 0 && data.cashback > 0);

/** The amount counting up from 0 to `target` minor units (whole units per frame, ends exactly on target). */
function useCountUp(target: number): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / COUNT_UP_MS);
      setValue(Math.round(target * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return value;
}

function CashbackDialog({
  data,
  currency,
  onClose,
}: {
  data: CashbackResponse;
  currency: Currency;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const amount = useCountUp(data.cashback);
  const percent = formatPercent(data.percent, i18n.language);
  const claim = useClaimCashback(() =>
    window.setTimeout(() => window.location.reload(), CASHBACK_RELOAD_DELAY_MS),
  );
  return (
    <div className="cashback-popup" role="dialog" aria-modal="true" aria-labelledby="cashback-title">
      <div className="cashback-popup__card">
        <button
          type="button"
          className="cashback-popup__close"
          aria-label={t('cashback.close')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
        <h2 id="cashback-title">{t('cashback.title')}</h2>
        <p className="cashback-popup__percent">{percent}</p>
        <p>{t('cashback.text', { percent })}</p>
        <p className="cashback-popup__label">{t('cashback.amount')}</p>
        <p className="cashback-popup__amount" data-testid="cashback-amount">
          {formatUserMoney(amount, currency)}
        </p>
        {claim.isSuccess ? (
          <p role="status">{t('cashback.claimed')}</p>
        ) : (
          <Button onClick={() => claim.mutate()} disabled={claim.isPending}>
            {t('cashback.withdraw_now')}
          </Button>
        )}
        {claim.isError && <p role="alert">{t('error.generic')}</p>}
      </div>
    </div>
  );
}

/**
 * Spec §2 Cashback popup, for a logged-in user (`currency` given): each offer (a closed week's cashback) pops up
 * once; the week shown is remembered in localStorage, so later page loads stay quiet until the next week's offer.
 */
export function CashbackPopup({ currency }: { currency: Currency | null }) {
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // The offer this page load decided to show (read once: remembering it must not hide it at once).
  const [showing, setShowing] = useState<string | null>(null);
  const loggedIn = currency !== null;
  useEffect(() => {
    if (!loggedIn) return;
    const timer = window.setTimeout(() => setDue(true), CASHBACK_FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loggedIn]);
  const { data } = useCashback(loggedIn && due);
  const offer = shouldOfferCashback(data) ? offerId(data) : null;
  useEffect(() => {
    if (!offer || showing || seenOffer() === offer) return;
    rememberOffer(offer);
    setShowing(offer);
  }, [offer, showing]);
  if (!currency || dismissed || !shouldOfferCashback(data) || showing !== offerId(data)) return null;
  return <CashbackDialog data={data} currency={currency} onClose={() => setDismissed(true)} />;
}
