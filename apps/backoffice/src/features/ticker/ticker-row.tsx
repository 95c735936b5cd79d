import type { OpsTickerBet } from '@sb/contract';
import { formatOdds } from '@sb/betting';
import { money } from '../../api';
import { dateTime, timeOfDay } from '../../app/format';
import { BuilderLegs } from '../../components/builder-legs';
import type { Lang, Texts } from '../../i18n';
import { TICKER_FILTERS, type TickerFilters } from './ticker-query';

/** What a row needs beside its bet: the statuses' words and where its links lead. */
export interface TickerRowProps {
  t: Texts;
  lang: Lang;
  statuses: Record<string, string>;
  onFilters: (next: TickerFilters) => void;
  onEvent: (eventId: number) => void;
  onClient?: (clientId: number) => void;
}

/** A bet's legs: each event (a link that filters by it), its score and start, market, selection and odds. */
function Legs({ lang, bet: b, onEvent }: TickerRowProps & { bet: OpsTickerBet }) {
  return (
    <td>
      {b.selections.map((s, i) => (
        <div key={i} className="leg">
          <button className="link" data-event={s.eventId} onClick={() => onEvent(s.eventId)}>
            {s.event}
          </button>{' '}
          <span className="status">
            {s.score ? `${s.score.home}:${s.score.away}` : ''} {dateTime(lang, s.startAt)}
          </span>
          <br />
          <span data-market>{s.market[lang]}</span> · <strong>{s.selection[lang]}</strong> @{' '}
          {formatOdds(s.odds)}
          <BuilderLegs legs={s.builder} lang={lang} />
        </div>
      ))}
    </td>
  );
}

/** One bet of the ticker; `fresh` when the live feed just added it, `big` over the operator's threshold. */
export function TickerRow(props: TickerRowProps & { bet: OpsTickerBet; fresh: boolean; big: boolean }) {
  const { t, lang, statuses, onFilters, onClient, bet: b, fresh, big } = props;
  return (
    <tr data-bet={b.id} className={[fresh ? 'fresh' : '', big ? 'big' : ''].join(' ').trim() || undefined}>
      <td>{b.id}</td>
      <td>{timeOfDay(lang, b.createdAt)}</td>
      <td>{b.brand.name}</td>
      <td>
        <button
          className="link"
          onClick={() => onFilters({ ...TICKER_FILTERS, client: String(b.client.id) })}
        >
          {b.client.username}
        </button>
        {onClient && (
          <button
            className="link"
            data-client-page={b.client.id}
            title={t.clients}
            onClick={() => onClient(b.client.id)}
          >
            ↗
          </button>
        )}
      </td>
      <td>
        {b.type} {b.isLive && <span className="tag live">{t.live}</span>}
      </td>
      <Legs {...props} />
      <td className="num">
        {money(b.stake)} <span className="currency">{b.currency}</span>
      </td>
      <td className="num">
        {money(b.potentialPayout)} <span className="currency">{b.currency}</span>
      </td>
      <td className="num neg">{money(b.risk)}</td>
      <td data-status={b.status}>{statuses[b.status] ?? b.status}</td>
    </tr>
  );
}
