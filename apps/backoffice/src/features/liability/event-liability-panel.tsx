import type { OpsEventLiability } from '@sb/contract';
import { money } from '../../api';
import { Loading } from '../../components/view-state';
import { REASONS, type Lang, type Texts } from '../../i18n';
import { MarketLiability } from './market-liability';

/** The event's liability as the page last read it, and the suspend reason chosen. */
interface EventLiabilityPanelProps {
  t: Texts;
  lang: Lang;
  eventId: number | null;
  detail: OpsEventLiability | null;
  error: string | null;
  reason: string;
  onReason: (reason: string) => void;
  canTrade: boolean;
  onAct: (marketId: number, action: 'suspend' | 'resume') => void;
}

/** One event's liability beside the book: its net risk, stakes and bets, and its markets with the suspend reason. */
export function EventLiabilityPanel({
  t,
  lang,
  eventId,
  detail,
  error,
  reason,
  onReason,
  canTrade,
  onAct,
}: EventLiabilityPanelProps) {
  return (
    <section className="panel" data-testid="event-liability">
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      {eventId === null ? (
        <p>{t.pickEvent}</p>
      ) : !detail ? (
        !error && <Loading label={t.loading} />
      ) : (
        <>
          <h2>
            {detail.event ?? '—'} — {t.netRisk}:{' '}
            <span className={detail.netRisk < 0 ? 'neg' : ''} data-testid="net-risk">
              {money(detail.netRisk)}
            </span>{' '}
            · {t.stakes}: <span data-testid="event-stakes">{money(detail.stakes)}</span> · {t.bets}:{' '}
            {detail.bets}
          </h2>
          <label className="filters">
            {t.reason}
            <select value={reason} onChange={(e) => onReason(e.target.value)} name="reason">
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {t.reasons[r]}
                </option>
              ))}
            </select>
          </label>
          {detail.markets.length === 0 && <p>{t.noOpenBets}</p>}
          {detail.markets.map((m) => (
            <MarketLiability
              key={m.marketId ?? `${m.marketType}:${m.special}`}
              t={t}
              lang={lang}
              market={m}
              canTrade={canTrade}
              onAct={onAct}
            />
          ))}
        </>
      )}
    </section>
  );
}
