import { memo, useEffect, useRef, type Ref, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
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
import { useLatestOnScreen } from '@/lib/on-screen';

/** Spec §9: the carousel turns every 3 s and wraps around. */
export const CAROUSEL_AUTOPLAY_MS = 3_000;

/**
 * One live event's card. Memoised on its event: a feed patch keeps the objects of the events it did not change,
 * so a tick re-renders the cards whose event moved, not all ten (each with its main-markets query and odds);
 * a card turned out of view keeps what it showed until it is near again.
 */
const Card = memo(function Card({ event }: { event: FixtureEvent }) {
  const ref = useRef<HTMLElement>(null);
  return <CardView cardRef={ref} event={useLatestOnScreen(ref, event)} />;
});

const CardView = memo(function CardView({
  event,
  cardRef,
}: {
  event: FixtureEvent;
  cardRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const marketName = useMarketName();
  const { data: mains } = useMainMarkets(event.sport.id, true);
  const market = event.markets.find((m) => m.t === mains?.[0]?.e);
  return (
    <article ref={cardRef} className="live-card" data-testid="live-card" data-event-id={event.id}>
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
              boostedOdd={s.boostedOdd}
              locked={selectionLocked(s, market, event)}
              pick={() => slipPick(event, market, s, { market: marketName(market.t), outcome: label })}
            />
          );
        })}
      </div>
    </article>
  );
});

/**
 * Where the carousel turns to from `scrollLeft`: the next slide's start, or back to the first when the last one is
 * in view (wrap-around). Slides' `offsetLeft` are from the carousel's own box (it is `position: relative`).
 */
export function nextSlideLeft(scrollLeft: number, maxScroll: number, slideLefts: number[]): number {
  if (scrollLeft >= maxScroll - 1) return 0;
  const next = slideLefts.find((left) => left > scrollLeft + 1);
  return next === undefined ? 0 : Math.min(next, maxScroll);
}

/**
 * Turns the carousel every `delay` ms: a scroll to the next snap point (CSS scroll-snap does the swiping). It waits
 * while a finger or the mouse is on it and while the page is hidden, and goes on after (spec §9: it keeps turning).
 */
function useAutoplay(ref: RefObject<HTMLDivElement | null>, delay: number) {
  useEffect(() => {
    const carousel = ref.current;
    if (!carousel) return;
    let held = false;
    const hold = (e: PointerEvent) => {
      if (e.type === 'pointerdown' || e.pointerType === 'mouse') held = true;
    };
    const release = () => (held = false);
    const events = ['pointerup', 'pointercancel', 'pointerleave'] as const;
    carousel.addEventListener('pointerdown', hold);
    carousel.addEventListener('pointerenter', hold);
    events.forEach((e) => carousel.addEventListener(e, release));
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setInterval(() => {
      if (held || document.hidden) return;
      const slides = [...carousel.querySelectorAll<HTMLElement>('.live-carousel__slide')];
      const left = nextSlideLeft(
        carousel.scrollLeft,
        carousel.scrollWidth - carousel.clientWidth,
        slides.map((s) => s.offsetLeft),
      );
      carousel.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
    }, delay);
    return () => {
      clearInterval(timer);
      carousel.removeEventListener('pointerdown', hold);
      carousel.removeEventListener('pointerenter', hold);
      events.forEach((e) => carousel.removeEventListener(e, release));
    };
  }, [ref, delay]);
}

/**
 * Spec §2 Home variant 1: live events in a carousel (autoplay 3 s, wrap-around); swipe to move on. CSS
 * scroll-snap and a timer: embla (9 KB gzip of home's first load) did the same.
 */
export function LiveCarousel({ events }: { events: FixtureEvent[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useAutoplay(ref, CAROUSEL_AUTOPLAY_MS);
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
