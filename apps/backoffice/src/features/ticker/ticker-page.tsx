import { useMemo } from 'react';
import type { Lang, Texts } from '../../i18n';
import { BET_TEXTS } from '../bets/bet-texts';
import { errorText } from '../../app/error-text';
import { BigBetBar } from './big-bet-bar';
import { TickerFiltersForm } from './ticker-filters';
import { eventNameOf, type TickerFilters } from './ticker-query';
import { TickerTable } from './ticker-table';
import { TICKER_TEXTS } from './ticker-texts';
import { useBigBet } from './use-big-bet';
import { useTickerBets } from './use-ticker-bets';
import { useTickerFilters } from './use-ticker-filters';

export { TICKER_FILTERS } from './ticker-query';

/** The ticker's route: the operator, the URL's filters and where its links lead. */
interface TickerProps {
  t: Texts;
  lang: Lang;
  /** The signed-in operator (their big-bet setting is theirs). */
  username: string;
  /** The applied filters (the URL's); the form edits a draft of them until Apply. */
  filters: TickerFilters;
  onFilters: (next: TickerFilters) => void;
  onEvent: (eventId: number) => void;
  /** Opens the client page. */
  onClient?: (clientId: number) => void;
}

/** Newest bets first, live: the list loads over HTTP, then new bets arrive on the operator WebSocket. */
export function Ticker(props: TickerProps) {
  const { lang, username, filters, onFilters } = props;
  const tt = TICKER_TEXTS[lang];
  const statuses = BET_TEXTS[lang].statuses;
  const form = useTickerFilters(filters, onFilters);
  const [big, setBigBet] = useBigBet(username);
  const { bets, loaded, more, fresh, error, connected, retry, loadOlder } = useTickerBets(lang, filters, big);
  const eventName = useMemo(() => eventNameOf(bets, filters.event), [bets, filters.event]);
  const { missingClient, listsError } = form;

  return (
    <section className="panel">
      <TickerFiltersForm {...props} {...form} tt={tt} eventName={eventName} connected={connected} />
      <BigBetBar tt={tt} big={big} onBig={setBigBet} shown={loaded ? bets.length : null} />
      {(missingClient !== null || listsError !== null) && (
        <p className="error" role="alert" data-testid="filter-error">
          {missingClient !== null ? tt.noSuchClient(missingClient) : errorText(lang, listsError)}
        </p>
      )}
      <TickerTable
        {...props}
        tt={tt}
        statuses={statuses}
        bets={bets}
        loaded={loaded}
        error={error}
        fresh={fresh}
        big={big}
        retry={retry}
      />
      {loaded && bets.length > 0 && (
        <p>
          {more ? (
            <button type="button" data-testid="older" onClick={() => void loadOlder()}>
              {tt.older}
            </button>
          ) : (
            <span className="status">{tt.noOlder}</span>
          )}
        </p>
      )}
    </section>
  );
}
