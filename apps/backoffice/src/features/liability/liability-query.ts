import type { OpsBookSort } from '@sb/contract';
import { OPS_BOOK_SORTS } from '@sb/contract';

/** The book's roll-ups, one tab each. */
export const VIEWS = ['events', 'sports', 'competitions', 'clients'] as const;
export type BookView = (typeof VIEWS)[number];

/** The view's filters in the query string: start times as the operator typed them (local, `YYYY-MM-DDTHH:mm`). */
export const LIABILITY_FILTERS = {
  sport: '',
  competition: '',
  from: '',
  to: '',
  sort: 'worst',
  view: 'events',
};
export type LiabilityFilters = typeof LIABILITY_FILTERS;

/** The query string's view, or the events' when it names none the desk knows (a hand-edited link). */
export const viewOf = (filters: LiabilityFilters): BookView =>
  (VIEWS as readonly string[]).includes(filters.view) ? (filters.view as BookView) : 'events';

/** The query string's sort, or worst case first when it names none the desk knows. */
export const sortOf = (filters: LiabilityFilters): OpsBookSort =>
  (OPS_BOOK_SORTS as readonly string[]).includes(filters.sort) ? (filters.sort as OpsBookSort) : 'worst';
