import { useTranslation } from '@/lib/i18n';
import { EventDetail } from '@/features/event/event-detail';
import { FavouritesPage } from '@/features/favourites/favourites-page';

/** The favourites page with the event feature's detail inside it. */
export function FavouritesScreen() {
  const { t } = useTranslation();
  return (
    <FavouritesPage
      renderEvent={(eventId, closeTo) => (
        <EventDetail
          key={eventId}
          eventId={eventId}
          backTo={closeTo}
          backLabel={t('favourites.back')}
          closeTo={closeTo}
        />
      )}
    />
  );
}
