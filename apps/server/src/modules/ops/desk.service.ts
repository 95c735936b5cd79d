import type { DeskRepository, TickerFilter } from './desk.repository';
import { bookLiability, eventLiability, matchesLiability, type BookFilter } from './liability';
import { tickerBets, type MarketNamer, type TickerBet } from './ticker';

/** The trading desk's reads for its routes: the bet ticker, one bet, liability, and the brand and client checks. */
export function createDeskService(repo: DeskRepository, marketName: MarketNamer) {
  return {
    brandExists: (id: number) => repo.brandExists(id),
    /** The brand a client plays in, null when there is no such client. */
    clientBrand: (id: number) => repo.clientBrand(id),
    /** Ticker rows, newest first. */
    ticker: (filter: TickerFilter): Promise<TickerBet[]> => tickerBets(repo, marketName, filter),
    /** The ticker's pick-lists: brands the operator may see, by name. */
    brands: (brandId: number | null) => repo.brands(brandId),
    clientName: (id: number) => repo.clientName(id),
    /** One bet as the ticker shows it; null when there is none or it is outside the operator's brand. */
    async bet(id: number, brandId: number | null): Promise<TickerBet | null> {
      const bet = await repo.bet(id);
      if (!bet || (brandId !== null && bet.appId !== brandId)) return null;
      const [view] = await tickerBets(repo, marketName, {
        limit: 1,
        afterId: bet.id - 1,
        beforeId: bet.id + 1,
      });
      return view ?? null;
    },
    eventLiability: (eventId: number, brandId: number | null) =>
      eventLiability(repo, marketName, eventId, brandId),
    /** The open book rolled up by event, sport, competition and client. */
    bookLiability: (brandId: number | null, filter: BookFilter) => bookLiability(repo, brandId, filter),
    matchesLiability: (brandId: number | null, limit: number) => matchesLiability(repo, brandId, limit),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
