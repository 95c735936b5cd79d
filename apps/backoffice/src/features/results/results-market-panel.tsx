import type { Lang } from '../../i18n';
import type { ResultsMarket } from '../../results-api';
import type { ResultsTexts } from '../../results-texts';
import { ResultForm, type ResultFormProps } from './result-form';

/** The chosen event's markets to pick from, and the picked one's form. */
interface ResultsMarketPanelProps extends Omit<ResultFormProps, 'market'> {
  rt: ResultsTexts;
  lang: Lang;
  eventId: number | null;
  markets: ResultsMarket[];
  marketId: number | null;
  market: ResultsMarket | null;
  pick: (marketId: number) => void;
}

/** The event's markets, each with its state and open/settled bets; the picked market's result form below. */
export function ResultsMarketPanel(props: ResultsMarketPanelProps) {
  const { rt, lang, eventId, markets, marketId, market, pick } = props;
  return (
    <section className="panel">
      {eventId !== null && (
        <div className="market-list" data-testid="results-markets">
          {markets.map((m) => (
            <button
              key={m.marketId}
              className="market-pick"
              aria-pressed={m.marketId === marketId}
              data-market={m.marketId}
              onClick={() => pick(m.marketId)}
            >
              <span>
                {m.name[lang]} {m.s}
              </span>
              <span className={`tag ${m.state === 'resolved' ? '' : 'susp'}`}>{rt.state[m.state]}</span>
              <span className="num">
                {m.openBets}/{m.settledBets}
              </span>
            </button>
          ))}
        </div>
      )}
      {market ? (
        <ResultForm {...props} market={market} />
      ) : (
        <p className="status">{eventId === null ? rt.pickEvent : rt.pickMarket}</p>
      )}
    </section>
  );
}
