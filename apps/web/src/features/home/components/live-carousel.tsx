import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { FixtureEvent } from '@sb/contract';
import { OddButton } from '@/components/ui/odd-button';
import { TeamCrest } from '@/components/sports/team-crest';
import { useLocalePath } from '@/lib/app-context';
import { useMainMarkets } from '@/lib/fixtures/api/get-main-markets';
import { selectionLocked } from '@/lib/fixtures/display-rules';
import { liveClock } from '@/lib/fixtures/live-clock';
import { eventPath } from '@/lib/fixtures/navigation';
import { outcomeLabel } from '@/lib/fixtures/outcome-label';
import { slipPick, useMarketName } from '@/lib/fixtures/slip-pick';

/** Spec §9: the carousel turns every 3 s and wraps around. */
export const CAROUSEL_AUTOPLAY_MS = 3_000;

function Card({ event }: { event: FixtureEvent }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const marketName = useMarketName();
  const { data: mains } = useMainMarkets(event.sport.id, true);
  const market = event.markets.find((m) => m.t === mains?.[0]?.e);
  return (
    <article className="live-card" data-testid="live-card" data-event-id={event.id}>
      <Link to={to(eventPath(event))} className="live-card__link">
        <span className="live-card__meta">
          <span className="live-card__clock">{liveClock(event, t)}</span>
          <span className="live-card__competition">{event.competition.name}</span>
        </span>
        {[event.home, event.away].map((team, i) => (
          <span key={team.id} className="live-card__team">
            <TeamCrest logo={team.logo} size={22} />
            <span className="live-card__name">{team.name}</span>
            <span className="live-card__score">
              {i === 0 ? event.data.score.home : event.data.score.away}
            </span>
          </span>
        ))}
      </Link>
      <div
        className="live-card__odds"
        style={{ gridTemplateColumns: `repeat(${market?.selections.length ?? 1}, 1fr)` }}
      >
        {!market && <span className="live-card__no-odds">—</span>}
        {market?.selections.map((s) => {
          const label = outcomeLabel(s.outcome, s.name, market.s, t);
          return (
            <OddButton
              key={s.id}
              selectionId={s.id}
              label={label}
              odd={s.odd}
              locked={selectionLocked(s, market, event)}
              pick={() => slipPick(event, market, s, { market: marketName(market.t), outcome: label })}
            />
          );
        })}
      </div>
    </article>
  );
}

/** Spec §2 Home variant 1: live events in a carousel (autoplay 3 s, wrap-around); swipe to move on. */
export function LiveCarousel({ events }: { events: FixtureEvent[] }) {
  const { t } = useTranslation();
  const [ref] = useEmblaCarousel({ loop: true, align: 'start' }, [
    Autoplay({ delay: CAROUSEL_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true }),
  ]);
  return (
    <div className="live-carousel" ref={ref} aria-roledescription="carousel" aria-label={t('home.live_now')}>
      <div className="live-carousel__track">
        {events.map((event) => (
          <div className="live-carousel__slide" key={event.id}>
            <Card event={event} />
          </div>
        ))}
      </div>
    </div>
  );
}
