import type { Me } from './app/me';
import type { Lang } from './i18n';
import { RESULTS_TEXTS } from './results-texts';
import { may } from './app/may';
import { ResultsEventsPanel } from './features/results/results-events-panel';
import { ResultsMarketPanel } from './features/results/results-market-panel';
import { useResultsDesk } from './features/results/use-results-desk';

/** The results list's filters in the query string. */
export const RESULTS_FILTERS = { state: 'waiting', event: '' };

/** Events waiting for results or resulted lately; an event's markets; result, void or resettle one market. */
export function Results({
  lang,
  me,
  filters,
  onFilters,
  eventId,
  onEvent,
}: {
  lang: Lang;
  me: Me;
  /** The list's state and event search, as the URL holds them (`/backoffice/results/12?state=resulted`). */
  filters: typeof RESULTS_FILTERS;
  onFilters: (next: Partial<typeof RESULTS_FILTERS>) => void;
  eventId: number | null;
  onEvent: (id: number) => void;
}) {
  const rt = RESULTS_TEXTS[lang];
  const canAct = may(me, 'settle') && me.brandId === null;
  const state = filters.state === 'resulted' ? 'resulted' : 'waiting';
  const search = filters.event;
  const desk = useResultsDesk(lang, state, search, eventId);

  return (
    <div className="split results">
      <ResultsEventsPanel
        rt={rt}
        lang={lang}
        state={state}
        search={search}
        onFilters={onFilters}
        events={desk.events}
        listError={desk.listError}
        eventId={eventId}
        onEvent={onEvent}
      />
      <ResultsMarketPanel {...desk} rt={rt} lang={lang} eventId={eventId} canAct={canAct} />
    </div>
  );
}
