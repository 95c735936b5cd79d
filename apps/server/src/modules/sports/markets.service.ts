import type { Locale, MarketDefinition } from '@sb/contract';
import type { MarketDefinitionRow, MarketsRepository } from './markets.repository';

/** A stored market definition in the contract's shape (spec §7 `/api/v2/markets`), named in one locale. */
export function toMarketDefinition(row: MarketDefinitionRow, locale: Locale): MarketDefinition {
  return {
    id: row.id,
    eid: row.eid,
    n: row.nameEn,
    nameLn: { name: locale === 'tr' ? row.nameTr : row.nameEn },
    order: row.order,
    spk: row.spk,
    minOdds: row.minOdds,
    mg: row.mg,
    sportId: row.sportId,
  };
}

/** The market definitions the product offers, as the routes and the start-up data serve them. */
export function createMarketsService(repo: MarketsRepository) {
  return {
    /** Every definition (of one sport when given) in a locale. */
    async definitions(locale: Locale, sportId?: number): Promise<MarketDefinition[]> {
      return (await repo.list(sportId)).map((row) => toMarketDefinition(row, locale));
    },
    /** A market type's name in a locale per id, for one sport's definitions. */
    async names(sportId: number, locale: Locale): Promise<Map<number, string>> {
      const rows = await repo.list(sportId);
      return new Map(rows.map((row) => [row.id, locale === 'tr' ? row.nameTr : row.nameEn]));
    },
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
