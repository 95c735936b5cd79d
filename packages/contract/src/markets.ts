import { z } from 'zod';

/** Market categories of spec §9; a definition lists every category it appears under in `mg`. */
export const MARKET_CATEGORY = {
  all: 0,
  main: 1,
  corners: 2,
  firstHalf: 14,
  total: 15,
  secondHalf: 16,
  handicap: 17,
  other: 18,
  quarter1: 21,
  quarter2: 22,
  quarter3: 23,
  quarter4: 24,
  period1: 30,
  period2: 31,
  period3: 32,
  cards: 33,
  players: 53,
  playersOther: 100,
} as const;

export const marketDefinitionSchema = z.object({
  id: z.number().int(),
  eid: z.number().int(),
  n: z.string(),
  nameLn: z.object({ name: z.string() }),
  order: z.number().int(),
  spk: z.boolean(),
  minOdds: z.number(),
  mg: z.array(z.number().int()),
  sportId: z.number().int(),
});
export type MarketDefinition = z.infer<typeof marketDefinitionSchema>;

export const marketsResponseSchema = z.object({ result: z.array(marketDefinitionSchema) });
