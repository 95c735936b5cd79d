import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { RESULTS_TEXTS } from '../../results-texts';
import { EVENT_RESULT_TEXTS } from './event-result-texts';
import '../events/events.css';
import { may } from '../../app/may';
import { EventResultFields } from './event-result-form';
import { EventResultReport } from './event-result-report';
import { useEventResult } from './use-event-result';
import { WaitingEvents } from './waiting-events';

/**
 * One-form resulting (issue 34 item 4): the events waiting for results; the final and half-time scores result
 * every market of the chosen event at once; a preview shows each market's outcome and the money per brand, and
 * only a previewed form can be confirmed.
 */
export function EventResultPage({ lang, me }: { lang: Lang; me: Me }) {
  const rt = EVENT_RESULT_TEXTS[lang];
  const reasons = RESULTS_TEXTS[lang].voidReasons;
  const canAct = may(me, 'settle') && me.brandId === null;
  const result = useEventResult(rt, lang);
  const { event, report, error } = result;

  return (
    <div className="split">
      <WaitingEvents
        rt={rt}
        lang={lang}
        events={result.events}
        listError={result.listError}
        event={event}
        onPick={result.pick}
      />
      <section className="panel" aria-live="polite">
        {!event && <p className="status">{rt.pick}</p>}
        {event && (
          <>
            <h2 data-testid="result-event-title">
              {event.home} – {event.away}
            </h2>
            <EventResultFields rt={rt} event={event} reasons={reasons} canAct={canAct} result={result} />
            {error && <p className="error">{error}</p>}
            {report && <EventResultReport rt={rt} lang={lang} report={report} />}
          </>
        )}
      </section>
    </div>
  );
}
