import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FeedTopic, Locale, MarketUpdate, MatchUpdate } from '@sb/contract';
import { feedFor } from '@/lib/fixtures/live-feed';
import { useAppContext } from '@/lib/app-context';
import type { SlipEntry } from '@/lib/slip-store';
import type { FeedClient } from '@/lib/ws-client';

/** The feed connection the slip listens on: the app's one (`feedFor`); tests pass a client over a fake socket. */
export type SlipFeedSource = (
  queryClient: QueryClient,
  locale: Locale,
) => Pick<FeedClient, 'subscribe' | 'on'>;

/** The state of a pick the slip must react to at once: its event suspended, its market or selection off sale. */
function lockKey(suspended: boolean | undefined, disabled: boolean | undefined): string {
  return `${suspended ? 1 : 0}${disabled ? 1 : 0}`;
}

/**
 * What the feed last said about the slip's picks: events suspended, picked selections off sale (theirs or their
 * market's). Each update answers whether a watched state changed (the first sight of a state counts only when it
 * locks); `held` names the picks held shut now.
 */
function lockTracker(picks: { current: Map<number, number> }, seen: { current: Map<string, string> }) {
  const suspendedEvents = new Set<number>();
  const offSale = new Set<number>();
  const changed = (id: string, state: string) => {
    const before = seen.current.get(id);
    seen.current.set(id, state);
    return before === undefined ? state !== '00' : before !== state;
  };
  return {
    held: () => [...picks.current].filter(([odd, ev]) => suspendedEvents.has(ev) || offSale.has(odd)),
    match(m: Pick<MatchUpdate, 'eventId' | 'isSuspended'>): boolean {
      if (m.isSuspended) suspendedEvents.add(m.eventId);
      else suspendedEvents.delete(m.eventId);
      return changed(`e${m.eventId}`, lockKey(m.isSuspended, false));
    },
    market(m: Pick<MarketUpdate, 'eventId' | 'markets'>): boolean {
      let any = false;
      for (const market of m.markets)
        for (const selection of market.selections) {
          if (picks.current.get(selection.id) !== m.eventId) continue;
          const state = lockKey(market.disabled, selection.isDisabled || selection.isClosed);
          if (state === '00') offSale.delete(selection.id);
          else offSale.add(selection.id);
          if (changed(`s${selection.id}`, state)) any = true;
        }
      return any;
    },
  };
}

/**
 * The slip listens to its events on the live feed while it is open: when an event is suspended or resumed, or a
 * picked selection's market or the selection itself goes off (or back on) sale, it checks the slip again at once
 * instead of at its next 10 s check (§9), so a pick the trader suspended locks within about a second (the error
 * still shows after its 1 s, §8). Price moves alone wait for the regular check, as the spec says.
 *
 * Returns the picks the feed holds shut now (their event suspended, their market or selection off sale): the slip
 * draws them locked at once, before the check answers and its error's 1 s (a bet365 slip greys a suspended pick
 * the moment it is suspended); the check's error follows as §8 says.
 */
export function useSlipFeed(
  bets: readonly SlipEntry[],
  openFeed: SlipFeedSource = feedFor,
): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const { locale } = useAppContext();
  const events = [...new Set(bets.map((b) => b.eventId))].sort((a, b) => a - b);
  const picks = useRef(new Map<number, number>());
  picks.current = new Map(bets.map((b) => [b.oddId, b.eventId]));
  const seen = useRef(new Map<string, string>());
  const key = events.join(',');
  const [held, setHeld] = useState<ReadonlySet<number>>(NONE_HELD);
  useEffect(() => {
    // An empty slip opens no feed connection (the empty slip's page makes no live request).
    if (key === '') return;
    const tracker = lockTracker(picks, seen);
    const publish = () => {
      const now = tracker.held();
      setHeld((before) =>
        before.size === now.length && now.every(([odd]) => before.has(odd))
          ? before
          : new Set(now.map(([odd]) => odd)),
      );
    };
    const feed = openFeed(queryClient, locale);
    const releases = key.split(',').map((id) => feed.subscribe(`event:${id}` as FeedTopic));
    /** A pick locked or unlocked: drawn so at once, and the slip checked again. */
    const lockChanged = () => {
      publish();
      void queryClient.invalidateQueries({ queryKey: ['betslip'], refetchType: 'active' });
    };
    const offMatch = feed.on('match_update', (m) => {
      if (!key.split(',').includes(String(m.eventId))) return;
      if (tracker.match(m)) lockChanged();
    });
    const offMarket = feed.on('market_update', (m) => {
      if (tracker.market(m)) lockChanged();
    });
    return () => {
      releases.forEach((release) => release());
      offMatch();
      offMarket();
      setHeld(NONE_HELD);
    };
  }, [key, queryClient, locale, openFeed]);
  return held;
}

const NONE_HELD: ReadonlySet<number> = new Set();
