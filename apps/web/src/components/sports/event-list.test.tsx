import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FixtureEvent, MainMarket } from '@sb/contract';
import { mainMarketsQuery } from '@/lib/fixtures/api/get-main-markets';
import { fixtureEvent, market, selection } from '@/test/fixture-event';
import { newQueryClient, renderScreen } from '@/test/render';
import { EventList } from './event-list';

const MAINS: MainMarket[] = [
  { e: 1, name: 'Match Result', order: 1 },
  { e: 10, name: 'Double Chance', order: 2 },
] as MainMarket[];

const hockey = {
  id: 4,
  name: 'Ice Hockey',
  nameLn: { name: 'Ice Hockey' },
  order: 4,
  sportId: 4,
  alias: 'ice-hockey',
};

/** A football event with a 1X2 and a double-chance market. */
function football(id: number): FixtureEvent {
  return fixtureEvent({
    id,
    markets: [
      market(id * 10, 1, [selection(id * 10 + 1, 2.1, { outcome: '1', name: '1' })]),
      market(id * 10 + 5, 10, [selection(id * 10 + 6, 1.3, { outcome: '1X', name: '1X' })]),
    ],
  });
}

describe('EventList', () => {
  it('groups a time-ordered list by sport: one heading and one market strip per sport', async () => {
    const queryClient = newQueryClient();
    queryClient.setQueryData(mainMarketsQuery(1, false).queryKey, MAINS);
    queryClient.setQueryData(mainMarketsQuery(4, false).queryKey, [{ e: 1, name: 'Match Result', order: 1 }]);
    const events = [football(1), fixtureEvent({ id: 2, sport: hockey }), football(3)];
    await renderScreen(
      <EventList events={events} skeletonRows={2} live={false} emptyText="none" showSport />,
      {
        queryClient,
      },
    );
    const groups = screen.getAllByRole('region');
    // Football, ice hockey, football in time: two groups, football first (it starts first).
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      groups[0]!.getAttribute('aria-label'),
      'Ice Hockey',
    ]);
    expect(screen.getAllByRole('tablist')).toHaveLength(2);
    expect(
      within(groups[0]!)
        .getAllByTestId('event-row')
        .map((r) => r.dataset.eventId),
    ).toEqual(['1', '3']);
    fireEvent.click(within(groups[0]!).getByRole('tab', { name: 'Double Chance' }));
    // Every football row shows the chosen market.
    const third = within(groups[0]!).getAllByTestId('event-row')[1]!;
    expect(within(third).getByRole('button', { name: '1X 1.30' })).toBeInTheDocument();
  });
});
