import type { BetStatusKey, BetView, Locale } from '@sb/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../plugins/errors';
import type { BettingView } from '../sports/index';
import { currencyOf, type UserRow } from '../identity/index';
import { betView } from './bet-view';
import { createBettingRepository, type BetRow, type LegRow } from './betting.repository';

/** Bets as the client sees them: with their legs, the events' current state and names in a language. */
export function createBetViews(deps: { db: Db; sports: BettingView }) {
  const repo = createBettingRepository(deps.db);

  async function views(rows: BetRow[], user: UserRow, locale: Locale, known?: LegRow[]): Promise<BetView[]> {
    const legs = known ?? (await repo.legsOf(rows.map((r) => r.id)));
    const events = await deps.sports.events([...new Set(legs.map((l) => l.eventId))], locale);
    const currency = currencyOf(user.currencyIso);
    // Bet builders show each leg's state in play.
    const builderLegs = legs.flatMap((l) => l.builder?.legs.map((b) => b.selectionId) ?? []);
    const legResults = new Map<number, string | null>();
    if (builderLegs.length)
      for (const [id, s] of await deps.sports.selections(builderLegs)) legResults.set(id, s.result);
    return rows.map((bet) =>
      betView(
        bet,
        legs.filter((l) => l.betId === bet.id),
        events,
        currency,
        deps.sports.marketName,
        locale,
        legResults,
      ),
    );
  }

  return {
    /** One bet; `legs` when the caller has them as stored (a placement that just wrote them), else read. */
    async one(bet: BetRow, user: UserRow, locale: Locale, legs?: LegRow[] | null): Promise<BetView> {
      return (await views([bet], user, locale, legs ?? undefined))[0]!;
    },
    /** One of the client's bets; another client's bet is as unknown as a missing one (404). */
    async byId(id: number, user: UserRow, locale: Locale): Promise<BetView> {
      const bet = await repo.byId(id);
      if (!bet || bet.userId !== user.id) throw notFound('bet');
      return (await views([bet], user, locale))[0]!;
    },
    async list(
      user: UserRow,
      statuses: BetStatusKey[],
      from: Date,
      to: Date,
      page: number,
      perPage: number,
      locale: Locale,
    ) {
      const { rows, total } = await repo.list(user.id, statuses, from, to, page, perPage);
      return { bets: await views(rows, user, locale), pagination: { page, perPage, totalCount: total } };
    },
  };
}

export type BetViews = ReturnType<typeof createBetViews>;
