import type { Lang, Texts } from '../../i18n';
import type { Me } from '../../app/me';
import { may } from '../../app/may';
import { BookSection } from './book-section';
import { EventLiabilityPanel } from './event-liability-panel';
import { sortOf, viewOf, type LiabilityFilters } from './liability-query';
import { LIABILITY_TEXTS } from './liability-texts';
import { useLiability } from './use-liability';

export { LIABILITY_FILTERS, type LiabilityFilters } from './liability-query';

/** The route's operator, event and filters, and where its links lead. */
interface LiabilityPageProps {
  t: Texts;
  lang: Lang;
  me: Me;
  eventId: number | null;
  filters: LiabilityFilters;
  onFilters: (next: Partial<LiabilityFilters>) => void;
  onEvent: (id: number) => void;
  onClient: (id: number) => void;
}

/**
 * The liability view (issue 34 item 2): the open book filtered by sport, competition and start time, its events by
 * worst case (or payout, stakes, bets, start), rolled up by sport, competition and client, with the book's bets,
 * stakes and max payout; one event's named markets and selections beside it, suspend and resume there. Refreshed
 * every 2 s.
 */
export function LiabilityPage({
  t,
  lang,
  me,
  eventId,
  filters,
  onFilters,
  onEvent,
  onClient,
}: LiabilityPageProps) {
  const lt = LIABILITY_TEXTS[lang];
  const canTrade = may(me, 'trade') && me.brandId === null;
  const view = viewOf(filters);
  const sort = sortOf(filters);
  const { book, bookError, picks, detail, error, reason, setReason, act } = useLiability(
    lang,
    lt,
    filters,
    sort,
    eventId,
  );

  return (
    <div className="split book-split">
      <BookSection
        t={t}
        lt={lt}
        lang={lang}
        eventId={eventId}
        filters={filters}
        view={view}
        sort={sort}
        book={book}
        bookError={bookError}
        picks={picks}
        onFilters={onFilters}
        onEvent={onEvent}
        onClient={onClient}
      />
      <EventLiabilityPanel
        t={t}
        lang={lang}
        eventId={eventId}
        detail={detail}
        error={error}
        reason={reason}
        onReason={setReason}
        canTrade={canTrade}
        onAct={act}
      />
    </div>
  );
}
