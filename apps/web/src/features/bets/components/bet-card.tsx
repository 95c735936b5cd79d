import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { BetView } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { useDateFormat } from '@/lib/dates';
import { formatUserMoney } from '@/lib/money';
import { BetLegs } from './bet-legs';
import { CashOutPanel } from './cash-out-panel';

const SETTLED = new Set(['win', 'loss', 'refund', 'cancelled', 'cashout', 'rejected']);

/** A bet's amounts: the stake, what it paid (settled) or may pay, and what was cashed out of it so far. */
function BetAmounts({ bet }: { bet: BetView }) {
  const { t } = useTranslation();
  const money = (n: number) => formatUserMoney(n, bet.currency);
  const key = bet.result.key;
  return (
    <span className="bet-card__amounts">
      <span>
        <small>{t('bets.stake')}</small>
        <strong data-testid="bet-stake">{money(bet.amount)}</strong>
      </span>
      {SETTLED.has(key) ? (
        <span>
          <small>{t('bets.paid')}</small>
          <strong data-testid="bet-paid">{money(bet.earnings)}</strong>
        </span>
      ) : (
        <span>
          <small>{t('bets.possible')}</small>
          <strong data-testid="bet-possible">{money(bet.calculated_earnings)}</strong>
        </span>
      )}
      {bet.cashed_out > 0 && key !== 'cashout' && (
        <span>
          <small>{t('bets.cashed_out')}</small>
          <strong data-testid="bet-cashed-out">{money(bet.cashed_out)}</strong>
        </span>
      )}
    </span>
  );
}

/** A bet in My bets: type, date, status, stake and winnings; expands to its selections; cash-out while open. */
export function BetCard({
  bet,
  onCashedOut,
  initiallyOpen = false,
}: {
  bet: BetView;
  onCashedOut: (paid: number, full: boolean) => void;
  /** Opened with its selections shown (the bet a transaction links to). */
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const legsId = useId();
  const dates = useDateFormat();
  const key = bet.result.key;
  const systems =
    bet.type.name === 'system' ? ` ${bet.systems.map((k) => `${k}/${bet.odd_count}`).join(', ')}` : '';
  return (
    <article
      className={`bet-card bet-card--${key}`}
      data-testid="bet-card"
      data-bet-id={bet.id}
      data-status={key}
    >
      <button
        type="button"
        className="bet-card__head"
        aria-expanded={open}
        aria-controls={legsId}
        onClick={() => setOpen(!open)}
      >
        <span className="bet-card__title">
          <strong>
            {t(`bet.type.${bet.type.name}`)}
            {systems}
          </strong>
          <span className={`bet-card__status bet-card__status--${key}`} data-testid="bet-status">
            {t(`bet.status.${key}`)}
          </span>
        </span>
        <span className="bet-card__meta">
          {t('bets.number', { id: bet.id })} · {dates.dateTime(bet.created_at)}
        </span>
        <BetAmounts bet={bet} />
        <span className="bet-card__toggle">
          {t(open ? 'bets.hide_selections' : 'bets.show_selections')} ({bet.odd_count})
          <span className={`bet-card__chevron${open ? ' bet-card__chevron--open' : ''}`}>
            <Icon name="chevron" size={18} />
          </span>
        </span>
      </button>
      <div id={legsId} hidden={!open}>
        {open && <BetLegs bet={bet} />}
      </div>
      {key === 'rejected' && <p className="bet-card__note">{t('bets.rejected')}</p>}
      {key === 'waiting' && <CashOutPanel bet={bet} onDone={onCashedOut} />}
    </article>
  );
}
