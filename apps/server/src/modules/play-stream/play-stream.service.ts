import type { FixtureEvent, Locale } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import { matchView, type MatchView, type StreamIncident, type Translate } from './match-view';

/** What the sports module tells about a match: its view, its incident list and its sides' colours. */
export interface StreamSource {
  /** 404 (`event not found`) for an id that names no event. */
  match(
    eventId: number,
    locale: Locale,
  ): Promise<{ event: FixtureEvent; incidents: StreamIncident[]; colours: { home: string; away: string } }>;
}

/** How long one event's state is reused: every viewer polls, the database is read at most this often. */
export const STATE_TTL_MS = 1_000;
const MAX_CACHED = 500;

const HEX = /^#[0-9a-f]{6}$/i;

export function createPlayStreamService(deps: {
  source: StreamSource;
  clock: Clock;
  translator: (locale: Locale) => Translate;
}) {
  const cache = new Map<string, { at: number; view: Promise<MatchView> }>();

  async function build(eventId: number, locale: Locale): Promise<MatchView> {
    const { event, incidents, colours } = await deps.source.match(eventId, locale);
    const home = HEX.test(colours.home) ? colours.home : '#e0e0e0';
    // Two sides in the same colour would be one team on the pitch: the away side then wears white or black.
    let away = HEX.test(colours.away) ? colours.away : '#263238';
    if (away.toLowerCase() === home.toLowerCase())
      away = home.toLowerCase() === '#ffffff' ? '#263238' : '#ffffff';
    return matchView(event, incidents, { home, away }, deps.translator(locale));
  }

  return {
    /** The match view of an event in a locale, shared by the viewers of the same second. */
    view(eventId: number, locale: Locale): Promise<MatchView> {
      const key = `${eventId}|${locale}`;
      const now = deps.clock.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < STATE_TTL_MS) return hit.view;
      const view = build(eventId, locale);
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, { at: now, view });
      // A failure (an unknown event) is not remembered.
      view.catch(() => cache.delete(key));
      return view;
    },
  };
}

export type PlayStreamService = ReturnType<typeof createPlayStreamService>;
