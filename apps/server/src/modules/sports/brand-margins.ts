import type { FeedMarket } from '@sb/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../plugins/bus';
import { createBrandMarginsRepository } from './brand-margins.repository';
import type { SelectionRecord } from './sports.repository';
import { categoriesOf } from './market-builder';
import { MARKET_DEFINITIONS } from './market-definitions.data';
import {
  brandOdd,
  familyOf,
  inBand,
  marginFor,
  type BrandMarginRow,
  type MarketFamily,
} from './pricing/brand-odd';
import type { PriceBand } from './pricing/margin';

/** One brand's margins as the servers apply them; null (no margin) = the shared prices, shared texts. */
export interface BrandPricing {
  /** Names the brand and the margins' version: part of every cache key of a brand's bodies and texts. */
  key: string;
  /** Δ (basis points) for a sport's market type. */
  marginOf(sportId: number, marketType: number): number;
  /** Δ (basis points) on a sport's bet builder prices (the `builder` family). */
  builderMarginOf(sportId: number): number;
  /** A selection as the brand serves it: its odd, suspended when that odd falls outside the band. */
  selection<S extends Pick<SelectionRecord, 'odd' | 'isDisabled'>>(s: S, sportId: number, t: number): S;
  /** A feed market as the brand serves it. */
  feedMarket(m: FeedMarket, sportId: number): FeedMarket;
}

/** A stored margin as the API shows it (null = every sport / every family). */
export interface BrandMargin extends BrandMarginRow {
  brandId: number;
  updatedAt: string;
}

const families = new Map<number, MarketFamily>();
const familyOfType = (t: number): MarketFamily => {
  let f = families.get(t);
  if (f === undefined) families.set(t, (f = familyOf(categoriesOf(t))));
  return f;
};

/** Every market type's family (the reports group the book by it: issue 35 §4). */
export const marketTypeFamilies = (): [number, MarketFamily][] =>
  MARKET_DEFINITIONS.map((d) => [d.id, familyOfType(d.id)]);

/**
 * Brand margins: stored in `brand_margins`, held in memory on every instance (loaded at start, reloaded on the
 * bus's `fixture.margins` after a change), applied by the read service's bodies, the feed's texts, the framed
 * widgets and the betting view's `selections()` — so a brand's client is served and bets at the same price.
 */
export function createBrandMargins(deps: BrandMarginsDeps) {
  const { db, band } = deps;
  let version = 0;
  let byBrand = new Map<number, BrandPricing>();
  let stored: BrandMargin[] = [];

  async function load(): Promise<void> {
    const rows = await createBrandMarginsRepository(db).all();
    version += 1;
    stored = rows.map((r) => ({
      brandId: r.appId,
      sportId: r.sportId === 0 ? null : r.sportId,
      family: r.family === '' ? null : (r.family as MarketFamily),
      marginBp: r.marginBp,
      updatedAt: r.updatedAt.toISOString(),
    }));
    const next = new Map<number, BrandPricing>();
    for (const id of new Set(stored.map((r) => r.brandId)))
      next.set(
        id,
        pricingOf(
          `b${id}.${version}`,
          stored.filter((r) => r.brandId === id),
          band,
        ),
      );
    byBrand = next;
  }

  deps.bus.subscribe('fixture.margins', () => {
    load().catch((error: unknown) => deps.log?.('brand margins reload failed', error));
  });

  return {
    load,
    /** The brand's pricing, or null when it has no margin row (or no brand is known). */
    pricing: (brandId: number | null | undefined): BrandPricing | null =>
      brandId == null ? null : (byBrand.get(brandId) ?? null),
    /** Stored margins, of one brand or all. */
    list: (brandId: number | null): BrandMargin[] =>
      stored.filter((r) => brandId === null || r.brandId === brandId),
    /** Sets (marginBp) or removes (null) one row; answers before and after, applied here before it returns. */
    set: (key: MarginKey, marginBp: number | null) => setMargin(deps, load, key, marginBp),
  };
}

/** What brand margins need: the database, the bus that tells every instance to reload, a clock, the price band. */
type BrandMarginsDeps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  band: PriceBand;
  log?: (msg: string, err?: unknown) => void;
};

/** One stored margin's key (null = every sport / every family). */
type MarginKey = { brandId: number; sportId: number | null; family: MarketFamily | null };

/** A brand's pricing from its margin rows; `key` names the brand and the margins' version. */
function pricingOf(key: string, rows: BrandMarginRow[], band: PriceBand): BrandPricing {
  const memo = new Map<string, number>();
  const marginOf = (sportId: number, t: number) => {
    const k = `${sportId}:${t}`;
    let bp = memo.get(k);
    if (bp === undefined) memo.set(k, (bp = marginFor(rows, sportId, familyOfType(t))));
    return bp;
  };
  const price = <S extends { odd: number; isDisabled: boolean }>(s: S, bp: number): S => {
    if (bp === 0) return s;
    const odd = brandOdd(s.odd, bp);
    return { ...s, odd, isDisabled: s.isDisabled || (s.odd > 1 && !inBand(odd, band)) };
  };
  return {
    key,
    marginOf,
    builderMarginOf: (sportId) => marginFor(rows, sportId, 'builder'),
    selection: (s, sportId, t) => price(s, marginOf(sportId, t)),
    feedMarket(m, sportId) {
      const bp = marginOf(sportId, m.t);
      return bp === 0 ? m : { ...m, selections: m.selections.map((s) => price(s, bp)) };
    },
  };
}

/**
 * Sets (marginBp) or removes (null) one row; answers before and after. Reloaded here (`load`) after the commit,
 * before the bus tells the other instances, so it is applied here before it returns.
 */
async function setMargin(
  deps: BrandMarginsDeps,
  load: () => Promise<void>,
  key: MarginKey,
  marginBp: number | null,
) {
  const stored = { appId: key.brandId, sportId: key.sportId ?? 0, family: key.family ?? '' };
  const before = await deps.db.transaction(async (tx) => {
    const repo = createBrandMarginsRepository(tx);
    const row = await repo.lock(stored);
    if (marginBp === null) await repo.delete(stored);
    else await repo.upsert({ ...stored, marginBp, updatedAt: new Date(deps.clock.now()) });
    return row?.marginBp ?? null;
  });
  await load();
  await deps.bus.publish('fixture.margins', { brandId: key.brandId });
  return { before, after: marginBp };
}

export type BrandMargins = ReturnType<typeof createBrandMargins>;
