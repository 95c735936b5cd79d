import { EventSearch } from '@/features/search/event-search';
import { SportsPage } from '@/features/sports/sports-page';

/** Sports browse with the search feature's event search box. */
export function SportsScreen() {
  return <SportsPage search={<EventSearch />} />;
}
