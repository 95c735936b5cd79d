import {
  DEFAULT_LOCALE,
  type FeedMarket,
  type Locale,
  type MarketUpdate,
  type MatchUpdate,
} from '@sb/contract';

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
  /**
   * A brand's prices for an event's markets (its margins: odd / (1 + Δ), suspended outside the band), with a key
   * naming the brand's margins; null when the brand has none (it shares the plain texts).
   */
  brandMarkets?(brandId: number | null, eventId: number): BrandMarkets | null;
}

export interface BrandMarkets {
  key: string;
  apply(market: FeedMarket): FeedMarket;
}

/**
 * One data message with the texts it goes out as, each serialised once on first use and shared by every
 * recipient: per language for match updates, full or row-markets-only and per brand pricing for market updates.
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

  /** The text for a client (of a brand), or null when this message has nothing for its view. */
  text(locale: Locale, view: FeedView, brandId: number | null = null): string | null {
    const brand =
      this.message.type === 'market_update'
        ? (this.rendering.brandMarkets?.(brandId, this.message.eventId) ?? null)
        : null;
    const key = this.message.type === 'match_update' ? locale : `${view}|${brand?.key ?? ''}`;
    if (!this.texts.has(key)) this.texts.set(key, this.render(locale, view, brand));
    return this.texts.get(key) ?? null;
  }

  /**
   * The text with a `seq` appended as its last key: a snapshot's state message is rendered once per event
   * version and stamped with the stream position of each send (the same bytes as rendering it with that seq).
   */
  stamped(locale: Locale, view: FeedView, seq: number, brandId: number | null = null): string | null {
    const text = this.text(locale, view, brandId);
    return text === null ? null : `${text.slice(0, -1)},"seq":${seq}}`;
  }

  /** Size of the main form, for the ring buffer's byte bound. */
  get size(): number {
    return this.text(DEFAULT_LOCALE, 'event')?.length ?? 0;
  }

  private render(locale: Locale, view: FeedView, brand: BrandMarkets | null): string | null {
    const m = this.message;
    if (m.type === 'match_update') {
      const name = this.rendering.competitionName(m.competition.id, locale) ?? m.competition.name;
      return JSON.stringify({ ...m, competition: { id: m.competition.id, name } });
    }
    const priced = brand ? { ...m, markets: m.markets.map((market) => brand.apply(market)) } : m;
    if (view === 'event') return JSON.stringify(priced);
    const markets = priced.markets.filter((market) =>
      this.rendering.isRowMarket(m.eventId, market.id, market.t),
    );
    return markets.length > 0 ? JSON.stringify({ ...priced, markets }) : null;
  }
}
