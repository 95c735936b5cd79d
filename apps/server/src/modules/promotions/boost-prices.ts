import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BoostedPrices } from '../sports/index';
import { createPromotionsRepository } from './promotions.repository';
import type { OddsBoostTerms } from './promotions.terms';

/** How long a brand's running boosts are held in memory before they are read again (another instance's change). */
const HOLD_MS = 5_000;

/**
 * The odds boosts running now per brand, for the fixture bodies (`boostedOdd` beside a selection's price): read
 * from the campaigns, held a few seconds per brand (the bodies are the hot path), forgotten at once on this
 * instance when a campaign changes. Display only: a bet's boost is always checked against the campaign's row.
 */
export function createBoostPrices(deps: { db: DbOrTx; clock: Clock }) {
  const repo = createPromotionsRepository(deps.db);
  const held = new Map<number, { at: number; prices: Promise<BoostedPrices> }>();

  async function read(appId: number): Promise<BoostedPrices> {
    const running = await repo.runningBoosts(appId, new Date(deps.clock.now()));
    const odds = new Map<number, number>();
    // Newest first: of two boosts on one selection, the newest campaign's price is shown (and the best is taken).
    for (const c of running) {
      const terms = c.terms as OddsBoostTerms;
      if (!odds.has(terms.oddId)) odds.set(terms.oddId, terms.boostedOdd);
    }
    return { key: [...odds].map(([id, odd]) => `${id}@${odd}`).join(','), odds };
  }

  return {
    of(appId: number): Promise<BoostedPrices> {
      const now = deps.clock.now();
      const hit = held.get(appId);
      if (hit && now - hit.at < HOLD_MS) return hit.prices;
      const prices = read(appId).catch((error: unknown) => {
        held.delete(appId);
        throw error;
      });
      held.set(appId, { at: now, prices });
      return prices;
    },
    /** A campaign of the brand changed on this instance: read again next time. */
    forget(appId: number) {
      held.delete(appId);
    },
  };
}

export type BoostPrices = ReturnType<typeof createBoostPrices>;
