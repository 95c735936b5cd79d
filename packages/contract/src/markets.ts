import { z } from 'zod';

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
export type MarketsResponse = z.infer<typeof marketsResponseSchema>;
