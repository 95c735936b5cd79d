import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { FixtureEvent } from '@sb/contract';
import { Tabs } from '@/components/ui/tabs';
import { useMainMarkets } from '@/lib/fixtures/api/get-main-markets';
import { EventRow, EventRowSkeleton } from './event-row';
import './sports.css';

/**
 * The events of each sport together, sports in the order they first appear (the list's order: start time) and
 * each sport's events in the list's order: one heading and one market strip per sport, however the sports
 * alternate in time (an all-sports list: Today, 3 h, 48 h, Live).
 */
export function groupBySport(
  events: FixtureEvent[],
): { sport: FixtureEvent['sport']; events: FixtureEvent[] }[] {
  const groups = new Map<number, { sport: FixtureEvent['sport']; events: FixtureEvent[] }>();
  for (const event of events) {
    const group = groups.get(event.sport.id);
    if (group) group.events.push(event);
    else groups.set(event.sport.id, { sport: event.sport, events: [event] });
  }
  return [...groups.values()];
}

/**
 * One sport's rows under a strip of its main markets (`fixture/main-market`): the chosen one fills the
 * odds columns of every row.
 */
function SportGroup({
  sport,
  events,
  live,
  showSport,
  chosen,
  onChoose,
}: {
  sport: FixtureEvent['sport'];
  events: FixtureEvent[];
  live: boolean;
  showSport: boolean;
  /** The market the player chose for this sport, if any (kept by the list: one choice per sport). */
  chosen: number | undefined;
  onChoose: (marketType: number) => void;
}) {
  const { t } = useTranslation();
  const { data: mains } = useMainMarkets(sport.id, live);
  const marketType = chosen ?? mains?.[0]?.e;
  return (
    <section className="sport-group" aria-label={sport.name}>
      {showSport && <h3 className="sport-group__title">{sport.name}</h3>}
      <div className="sport-group__markets">
        {mains ? (
          <Tabs
            label={t('sports.main_market')}
            active={marketType ?? null}
            onSelect={onChoose}
            items={mains.map((m) => ({ key: m.e, label: m.name }))}
          />
        ) : (
          <div className="sport-group__markets-placeholder" />
        )}
      </div>
      {events.map((event) => (
        <EventRow key={event.id} event={event} marketType={marketType} />
      ))}
    </section>
  );
}

interface EventListProps {
  events: FixtureEvent[] | undefined;
  /** Rows to hold while the first page loads. */
  skeletonRows: number;
  /** Whether the rows are in play (live main markets differ, spec §7 `isLive`). */
  live: boolean;
  /** Said when the list is empty. */
  emptyText: string;
  /** Show each sport's name over its rows (lists mixing sports). */
  showSport?: boolean;
}

/**
 * Event rows grouped by sport (one group per sport, {@link groupBySport}); skeleton rows while loading; a plain
 * line when there is nothing. The market chosen in a sport's strip is kept per sport.
 */
export function EventList({ events, skeletonRows, live, emptyText, showSport = false }: EventListProps) {
  const [chosen, setChosen] = useState<Record<number, number>>({});
  if (!events) {
    return (
      <div className="event-list" aria-busy="true">
        <div className="sport-group__markets-placeholder" />
        {Array.from({ length: skeletonRows }, (_, i) => (
          <EventRowSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (events.length === 0) return <p className="event-list__empty">{emptyText}</p>;
  return (
    <div className="event-list">
      {groupBySport(events).map((group) => (
        <SportGroup
          key={group.sport.id}
          sport={group.sport}
          events={group.events}
          live={live}
          showSport={showSport}
          chosen={chosen[group.sport.id]}
          onChoose={(marketType) => setChosen((c) => ({ ...c, [group.sport.id]: marketType }))}
        />
      ))}
    </div>
  );
}
