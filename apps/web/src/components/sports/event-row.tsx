import { memo, useRef, type Ref } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { EventMarket, FixtureEvent } from '@sb/contract';
import { OddButton } from '@/components/ui/odd-button';
import { useLocalePath } from '@/lib/app-context';
import { selectionLocked, shownMarketCount } from '@/lib/fixtures/display-rules';
import { FAVOURITE_MATCH } from '@/lib/fixtures/api/get-favourites';
import { liveClock } from '@/lib/fixtures/live-clock';
import { eventPath } from '@/lib/fixtures/navigation';
import { outcomeLabel } from '@/lib/fixtures/outcome-label';
import { slipPick, useMarketName } from '@/lib/fixtures/slip-pick';
import { formatStart, useStartTimeContext } from '@/lib/fixtures/start-time';
import { useLatestOnScreen } from '@/lib/on-screen';
import { FavouriteStar } from './favourite-star';
import { TeamCrest } from './team-crest';
import './sports.css';

function RowOdds({ event, market }: { event: FixtureEvent; market: EventMarket | undefined }) {
  const { t } = useTranslation();
  const marketName = useMarketName();
  if (!market) return <div className="event-row__odds event-row__odds--none">—</div>;
  // Suspended events hide their odds (spec §4): the buttons stay, locked, so the row keeps its shape.
  return (
    <div
      className="event-row__odds"
      style={{ gridTemplateColumns: `repeat(${market.selections.length}, 1fr)` }}
    >
      {market.selections.map((s) => {
        const label = outcomeLabel(s.outcome, s.name, market.s, t);
        return (
          <OddButton
            key={s.id}
            selectionId={s.id}
            label={label}
            odd={s.odd}
            boostedOdd={s.boostedOdd}
            locked={selectionLocked(s, market, event)}
            pick={() => slipPick(event, market, s, { market: marketName(market.t), outcome: label })}
          />
        );
      })}
    </div>
  );
}

function Team({ team, score }: { team: FixtureEvent['home']; score: number | null }) {
  return (
    <span className="event-row__team">
      <TeamCrest logo={team.logo} />
      <span className="event-row__name">{team.name}</span>
      {score !== null && <span className="event-row__score">{score}</span>}
    </span>
  );
}

interface EventRowProps {
  event: FixtureEvent;
  /** Market type shown in the odds columns (the chosen main market). */
  marketType: number | undefined;
}

/**
 * One event in a list (spec §2, §4): start time or live clock and competition, both teams with crests and
 * the live score, the odds of one main market, the "+N" market count and the favourite star. Tapping the
 * teams or the count opens the event as spec §2 "Navigation from rows" says. Live data reaches the rows on
 * screen: a row out of view keeps what it showed until it is scrolled near, then catches up.
 */
export const EventRow = memo(function EventRow({ event, marketType }: EventRowProps) {
  const ref = useRef<HTMLElement>(null);
  return <EventRowView rowRef={ref} event={useLatestOnScreen(ref, event)} marketType={marketType} />;
});

const EventRowView = memo(function EventRowView({
  event,
  marketType,
  rowRef,
}: EventRowProps & { rowRef: Ref<HTMLElement> }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const dateContext = useStartTimeContext();
  const href = to(eventPath(event));
  const market = event.markets.find((m) => m.t === marketType);
  const live = event.isLive;
  const count = shownMarketCount(event);
  return (
    <article ref={rowRef} className="event-row" data-testid="event-row" data-event-id={event.id}>
      <div className="event-row__meta">
        {live ? (
          <span className="event-row__clock">{liveClock(event, t)}</span>
        ) : (
          <time className="event-row__time" dateTime={event.startDate}>
            {formatStart(event.startDate, dateContext, t)}
          </time>
        )}
        <span className="event-row__competition">{event.competition.name}</span>
        <FavouriteStar
          type={FAVOURITE_MATCH}
          id={event.id}
          name={`${event.home.name} - ${event.away.name}`}
        />
      </div>
      <div className="event-row__body">
        <Link className="event-row__teams" to={href}>
          <Team team={event.home} score={live ? event.data.score.home : null} />
          <Team team={event.away} score={live ? event.data.score.away : null} />
        </Link>
        <RowOdds event={event} market={market} />
        <Link className="event-row__count" to={href} aria-label={t('sports.more_markets', { count })}>
          +{count}
        </Link>
      </div>
    </article>
  );
});

/** The row's placeholder while the list loads: the same box, so the page does not move when data arrives. */
export function EventRowSkeleton() {
  return (
    <div className="event-row event-row--skeleton" aria-hidden="true">
      <div className="event-row__meta">
        <span className="skeleton-line" style={{ width: '55%' }} />
      </div>
      <div className="event-row__body">
        <div className="event-row__teams">
          <span className="skeleton-line" style={{ width: '80%' }} />
          <span className="skeleton-line" style={{ width: '65%' }} />
        </div>
        <div className="event-row__odds" style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
          <span className="skeleton-odd" />
          <span className="skeleton-odd" />
          <span className="skeleton-odd" />
        </div>
        <span className="event-row__count" />
      </div>
    </div>
  );
}
