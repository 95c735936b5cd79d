import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { NotAvailable } from '@/components/sports/not-available';
import { useLocalePath } from '@/lib/app-context';
import { idParam } from '@/lib/fixtures/navigation';
import { EventDetail } from './event-detail';

/** sportsEvent `/sports/:sportId?/:regionId?/:competitionId?/event/:eventId` (spec §2). */
export function EventPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const params = useParams();
  const eventId = idParam(params.eventId);
  const sportId = idParam(params.sportId);
  const backTo = to(sportId ? `/sports/${sportId}` : '/sports');
  if (eventId === null) {
    return (
      <NotAvailable
        title={t('event.not_found_title')}
        text={t('event.not_found_text')}
        backTo={backTo}
        backLabel={t('sports.back_to_sports')}
      />
    );
  }
  return (
    <EventDetail key={eventId} eventId={eventId} backTo={backTo} backLabel={t('sports.back_to_sports')} />
  );
}
