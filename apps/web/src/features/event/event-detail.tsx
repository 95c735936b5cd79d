import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { FeedStatus } from '@/components/sports/feed-status';
import { NotAvailable } from '@/components/sports/not-available';
import { Icon } from '@/components/ui/icon';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useFeedTopics } from '@/lib/fixtures/live-feed';
import { useServerMarkup } from '@/lib/server-markup';
import { useEvent } from './api/get-event';
import { EventHeader } from './components/event-header';
import { EventTabs } from './components/event-tabs';
import { MarketSection } from './components/market-section';
import './event.css';

interface EventDetailProps {
  eventId: number;
  /** Where "back" leads when the event cannot be shown, and the close button when given `closeTo`. */
  backTo: string;
  backLabel: string;
  /** Inside the live and favourites pages: a close button back to their list. */
  closeTo?: string;
}

function EventSkeleton() {
  return (
    <div className="event-detail" aria-busy="true">
      <div className="event-header">
        <Skeleton height={16} width="50%" />
        <Skeleton height={72} />
      </div>
      <Skeleton height={44} />
    </div>
  );
}

/**
 * The event (spec §2 Event detail): header, tabs with their frames, markets; live on the feed's
 * `event:<id>` topic with the 10 s poll behind it. A missing or finished event says so, with a way back.
 */
export function EventDetail({ eventId, backTo, backLabel, closeTo }: EventDetailProps) {
  const { t } = useTranslation();
  useFeedTopics([`event:${eventId}`]);
  const main = useEvent(eventId);
  const event = main.data?.result;
  const subId = event && event.sub !== 0 && event.sub !== event.id ? event.sub : 0;
  // The sub-event's markets come after the event's own: fetched by the client once the page has hydrated.
  const serverMarkup = useServerMarkup();
  const sub = useEvent(subId, subId !== 0 && event?.status !== 'ended' && !serverMarkup);
  if (main.isError && !event) {
    const missing = main.error instanceof ApiError && main.error.status === 404;
    return (
      <NotAvailable
        title={t(missing ? 'event.not_found_title' : 'error.generic')}
        text={missing ? t('event.not_found_text') : undefined}
        backTo={backTo}
        backLabel={backLabel}
      />
    );
  }
  if (!event) return <EventSkeleton />;
  const ended = event.status === 'ended';
  return (
    <article className="event-detail" data-testid="event-detail" data-event-id={event.id}>
      {closeTo && (
        <Link className="event-detail__close" to={closeTo} data-testid="event-close">
          <Icon name="back" size={18} />
          {t('event.close')}
        </Link>
      )}
      <EventHeader event={event} />
      {ended ? (
        <NotAvailable
          title={t('event.finished_title')}
          text={t('event.finished_text', {
            result: event.resultName ?? `${event.data.score.home}:${event.data.score.away}`,
          })}
          backTo={backTo}
          backLabel={backLabel}
        />
      ) : (
        <>
          <EventTabs event={event} extra={sub.data?.result} />
          <MarketSection event={event} extra={sub.data?.result} error={main.data?.error ?? false} />
        </>
      )}
      <FeedStatus />
    </article>
  );
}
