import { useTranslation } from '@/lib/i18n';
import { EventDetail } from '@/features/event/event-detail';
import { LivePage } from '@/features/live/live-page';

/** The live page with the event feature's detail inside it (features meet here, in src/app). */
export function LiveScreen() {
  const { t } = useTranslation();
  return (
    <LivePage
      renderEvent={(eventId, closeTo) => (
        <EventDetail
          key={eventId}
          eventId={eventId}
          backTo={closeTo}
          backLabel={t('live.back_to_live')}
          closeTo={closeTo}
        />
      )}
    />
  );
}
