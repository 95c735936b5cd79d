import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
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
import { useSessionUser } from '@/lib/session';
import { updateSlip } from '@/lib/slip-store';
import { getBetDetail } from './api/get-bet-detail';
import { useLatestBet } from './api/get-latest-bet';
import { getReceipt } from './api/get-receipt';
import { restoreCoupon } from './coupon-store';
import { couponOfBet, slipEntriesOf } from './reuse';
import './components/betslip.css';
import './components/success.css';

/** Spec §9: reuse opens the slip after 2 s. */
export const REUSE_OPEN_MS = 2_000;

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

function StatusBanner({ bet }: { bet: BetView }) {
  const { t } = useTranslation();
  const key = bet.result.key;
  if (key === 'pending')
    return (
      <div className="success-banner success-banner--pending" role="status" data-testid="success-status">
        <span className="ui-spinner__ring" aria-hidden="true" /> {t('betslip.success.pending')}
      </div>
    );
  if (key === 'rejected')
    return (
      <div className="success-banner success-banner--rejected" role="alert" data-testid="success-status">
        {t('betslip.success.rejected')}
      </div>
    );
  return (
    <div className="success-banner" role="status" data-testid="success-status">
      <span className="success-banner__tick" aria-hidden="true">
        ✓
      </span>
      {t('betslip.success.title')}
    </div>
  );
}

/** Spec §2 Bet slip success: accepted message, the latest bet, reuse (opens the slip after 2 s) and print. */
export function BetslipSuccessfulPage() {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const to = useLocalePath();
  const navigate = useNavigate();
  const user = useSessionUser();
  const latest = useLatestBet();
  const [reused, setReused] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!reused) return;
    const timer = window.setTimeout(() => navigate(to('/betslip')), REUSE_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, [reused, navigate, to]);

  if (latest.isPending || !user) return <Spinner label={t('app.loading')} />;
  if (latest.isError) return <PageMessage role="alert" title={t('error.generic')} />;
  const bet = latest.data;
  if (!bet) return <PageMessage title={t('betslip.success.none')} />;

  const reuse = async () => {
    setFailed(false);
    try {
      const detail = await getBetDetail(bet.id, locale);
      const entries = slipEntriesOf(detail);
      updateSlip(() => ({ bets: entries }));
      restoreCoupon(couponOfBet(detail), entries.length);
      setReused(true);
    } catch {
      setFailed(true);
    }
  };
  const print = () => printReceipt(bet, user, locale).catch(() => setFailed(true));

  return (
    <div className="success-page" data-testid="betslip-successful">
      <StatusBanner bet={bet} />
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
        <Button onClick={() => void reuse()} disabled={reused}>
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
