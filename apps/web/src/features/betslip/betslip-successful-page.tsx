import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import DOMPurify from 'dompurify';
import type { BetView, SessionUser } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { useDateFormat } from '@/lib/dates';
import { formatUserMoney } from '@/lib/money';
import { useFormatOdds } from '@/lib/odds-format';
import { USER_QUERY_KEY, useSessionUser } from '@/lib/session';
import { useQueryClient } from '@tanstack/react-query';
import { answerOffer } from './api/answer-offer';
import { useLatestBet } from './api/get-latest-bet';
import { getReceipt } from './api/get-receipt';
import { useReuseBet } from './use-reuse-bet';
import './components/betslip.css';
import './components/success.css';

function BetSummary({ bet }: { bet: BetView }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const formatOdd = useFormatOdds();
  const money = (n: number) => formatUserMoney(n, bet.currency);
  const systems =
    bet.type.name === 'system' ? ` ${bet.systems.map((k) => `${k}/${bet.odd_count}`).join(', ')}` : '';
  return (
    <section className="bet-summary" data-testid="bet-summary">
      <header className="bet-summary__head">
        <strong>{t('betslip.success.number', { id: bet.id })}</strong>
        <span>
          {t(`bet.type.${bet.type.name}`)}
          {systems} · {dates.dateTime(bet.created_at)}
        </span>
      </header>
      <ul className="bet-summary__legs">
        {bet.items.map((item) => (
          <li key={item.selectionId}>
            <span className="bet-summary__teams">
              {item.fcName} – {item.scName}
            </span>
            <span className="bet-summary__pick">
              {item.name}: <strong>{item.selection}</strong>
            </span>
            <span className="bet-summary__odd">{formatOdd(item.oddValue)}</span>
          </li>
        ))}
      </ul>
      <dl className="bet-summary__amounts">
        <div>
          <dt>{t('betslip.stake_total')}</dt>
          <dd data-testid="summary-stake">{money(bet.amount)}</dd>
        </div>
        {bet.bet_count > 1 && (
          <div>
            <dt>
              {t('betslip.bet_count')} × {t('betslip.stake_per_bet')}
            </dt>
            <dd>
              {bet.bet_count} × {money(bet.amount_per_bet)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('betslip.possible_earnings')}</dt>
          <dd data-testid="summary-earnings">{money(bet.calculated_earnings)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Opens the printable receipt in a new tab: the window opens on the tap (popup blockers), the page follows. */
async function printReceipt(bet: BetView, user: SessionUser, locale: string) {
  const target = window.open('', '_blank');
  try {
    const html = await getReceipt(bet.id, locale, user.timezone, window.location.hostname);
    // A blob page runs with this origin: only sanitised markup (no scripts) goes into it.
    const clean = DOMPurify.sanitize(html, {
      WHOLE_DOCUMENT: true,
      ADD_TAGS: ['style', 'meta'],
      ADD_ATTR: ['charset', 'content'],
    });
    const page = new Blob([`<!doctype html>${clean}`], { type: 'text/html;charset=utf-8' });
    const url = URL.createObjectURL(page);
    if (target) target.location.href = url;
    else window.location.href = url;
  } catch (error) {
    target?.close();
    throw error;
  }
}

/** Seconds left until `iso`, ticking every second while shown (a referral's or an offer's deadline). */
function useSecondsLeft(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

/** A referred bet's counter-offer: the lower stake and what it would return, to take or leave (issue 34). */
function OfferPanel({ bet, onAnswered }: { bet: BetView; onAnswered: () => void }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const seconds = useSecondsLeft(bet.referral?.expires_at ?? null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const money = (n: number) => formatUserMoney(n, bet.currency);
  const answer = async (kind: 'accept' | 'decline') => {
    setBusy(true);
    setFailed(false);
    try {
      await answerOffer(bet.id, kind, locale);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      onAnswered();
    }
  };
  return (
    <section className="success-banner success-banner--offer" role="alert" data-testid="referral-offer">
      <p>
        {t('betslip.success.offer', {
          amount: money(bet.referral!.offer_amount ?? 0),
          earnings: money(bet.referral!.offer_earnings ?? 0),
        })}
      </p>
      <p className="success-banner__note">{t('betslip.success.offer_note', { seconds })}</p>
      {failed && (
        <p className="success-banner__note" role="alert">
          {t('betslip.success.offer_failed')}
        </p>
      )}
      <div className="success-banner__actions">
        <Button onClick={() => void answer('accept')} disabled={busy} data-testid="offer-take">
          {t('betslip.success.offer_take')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void answer('decline')}
          disabled={busy}
          data-testid="offer-decline"
        >
          {t('betslip.success.offer_decline')}
        </Button>
      </div>
    </section>
  );
}

/** Why a referred bet was rejected, as the client reads it. */
const REFERRAL_REJECTIONS: Record<string, string> = {
  referral_rejected: 'betslip.success.referral_rejected',
  referral_timeout: 'betslip.success.referral_timeout',
  offer_declined: 'betslip.success.offer_declined',
};

function StatusBanner({ bet, onAnswered }: { bet: BetView; onAnswered: () => void }) {
  const { t } = useTranslation();
  const key = bet.result.key;
  const referral = bet.referral;
  const seconds = useSecondsLeft(
    key === 'pending' && referral?.state === 'open' ? referral.expires_at : null,
  );
  if (key === 'pending' && referral?.state === 'offered')
    return <OfferPanel bet={bet} onAnswered={onAnswered} />;
  if (key === 'pending' && referral)
    return (
      <div className="success-banner success-banner--pending" role="status" data-testid="success-status">
        <span className="ui-spinner__ring" aria-hidden="true" /> {t('betslip.success.referred')}
        <span className="success-banner__note">{t('betslip.success.referred_note', { seconds })}</span>
      </div>
    );
  if (key === 'pending')
    return (
      <div className="success-banner success-banner--pending" role="status" data-testid="success-status">
        <span className="ui-spinner__ring" aria-hidden="true" /> {t('betslip.success.pending')}
      </div>
    );
  if (key === 'rejected')
    return (
      <div className="success-banner success-banner--rejected" role="alert" data-testid="success-status">
        {t(REFERRAL_REJECTIONS[bet.reject_reason ?? ''] ?? 'betslip.success.rejected')}
      </div>
    );
  const title =
    referral?.state === 'taken'
      ? t('betslip.success.offer_taken', { amount: formatUserMoney(bet.amount, bet.currency) })
      : referral?.state === 'accepted'
        ? t('betslip.success.approved')
        : t('betslip.success.title');
  return (
    <div className="success-banner" role="status" data-testid="success-status">
      <span className="success-banner__tick" aria-hidden="true">
        ✓
      </span>
      {title}
    </div>
  );
}

/** Spec §2 Bet slip success: accepted message, the latest bet, reuse (opens the slip after 2 s) and print. */
export function BetslipSuccessfulPage() {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const to = useLocalePath();
  const user = useSessionUser();
  const latest = useLatestBet();
  const queryClient = useQueryClient();
  // A referred or live bet decided (accepted at an offer, rejected): the balance in the header moves with it.
  const outcome = latest.data ? `${latest.data.id}:${latest.data.result.key}:${latest.data.amount}` : null;
  useEffect(() => {
    if (outcome && !outcome.includes(':pending:'))
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'session'] });
  }, [outcome, queryClient]);
  const { reused, failed, setFailed, reuse } = useReuseBet();

  if (latest.isPending || !user) return <Spinner label={t('app.loading')} />;
  if (latest.isError) return <PageMessage role="alert" title={t('error.generic')} />;
  const bet = latest.data;
  if (!bet) return <PageMessage title={t('betslip.success.none')} />;

  const print = () => printReceipt(bet, user, locale).catch(() => setFailed(true));

  return (
    <div className="success-page" data-testid="betslip-successful">
      <StatusBanner bet={bet} onAnswered={() => void latest.refetch()} />
      <BetSummary bet={bet} />
      {reused && (
        <p className="success-page__note" role="status">
          {t('betslip.success.reused')}
        </p>
      )}
      {failed && (
        <p className="success-page__note success-page__note--error" role="alert">
          {t('error.generic')}
        </p>
      )}
      <div className="success-page__actions">
        <Button onClick={() => void reuse(bet.id)} disabled={reused}>
          {t('betslip.success.reuse')}
        </Button>
        <Button variant="secondary" onClick={() => void print()}>
          {t('betslip.success.print')}
        </Button>
        <Link className="success-page__link" to={to('/account/my-bets')}>
          {t('betslip.success.my_bets')}
        </Link>
      </div>
    </div>
  );
}
