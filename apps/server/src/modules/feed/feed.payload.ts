import { DEFAULT_LOCALE, type Locale, type MarketUpdate, type MatchUpdate } from '@sb/contract';

/**
 * Which form of a data message a client gets: `event` (an `event:<id>` subscriber: every market) or `live`
 * (the live list: only the markets a row shows, so the list stays small).
 */
export type FeedView = 'event' | 'live';

export interface FeedRendering {
  /** The competition's name in a language (match updates carry it; the bus carries the English one). */
  competitionName(competitionId: number, locale: Locale): string | undefined;
  /** Whether a market is one the list rows show (main markets, main line). */
  isRowMarket(eventId: number, marketId: number, marketType: number): boolean;
}

/**
 * One data message with the texts it goes out as, each serialised once on first use and shared by every
 * recipient: per language for match updates, full or row-markets-only for market updates.
 */
export class FeedPayload {
  private readonly texts = new Map<string, string | null>();

  constructor(
    /** A stream message (with its `seq`), or a snapshot's state message that `stamped` gives a `seq` per send. */
    readonly message: MatchUpdate | MarketUpdate,
    private readonly rendering: FeedRendering,
  ) {}

  get eventId(): number {
    return this.message.eventId;
  }

  /** The text for a client, or null when this message has nothing for its view. */
  text(locale: Locale, view: FeedView): string | null {
    const key = this.message.type === 'match_update' ? locale : view;
    if (!this.texts.has(key)) this.texts.set(key, this.render(locale, view));
    return this.texts.get(key) ?? null;
  }

  /**
   * The text with a `seq` appended as its last key: a snapshot's state message is rendered once per event
   * version and stamped with the stream position of each send (the same bytes as rendering it with that seq).
   */
  stamped(locale: Locale, view: FeedView, seq: number): string | null {
    const text = this.text(locale, view);
    return text === null ? null : `${text.slice(0, -1)},"seq":${seq}}`;
  }

  /** Size of the main form, for the ring buffer's byte bound. */
  get size(): number {
    return this.text(DEFAULT_LOCALE, 'event')?.length ?? 0;
  }

  private render(locale: Locale, view: FeedView): string | null {
    const m = this.message;
    if (m.type === 'match_update') {
      const name = this.rendering.competitionName(m.competition.id, locale) ?? m.competition.name;
      return JSON.stringify({ ...m, competition: { id: m.competition.id, name } });
    }
    if (view === 'event') return JSON.stringify(m);
    const markets = m.markets.filter((market) => this.rendering.isRowMarket(m.eventId, market.id, market.t));
    return markets.length > 0 ? JSON.stringify({ ...m, markets }) : null;
  }
}
