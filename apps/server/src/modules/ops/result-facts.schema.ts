import { z } from 'zod';
import { opsIdBody } from './ops.schemas';

const count = z.number().int().min(0).max(1000);

/**
 * What an operator knows about a finished match (the simulator's result command and the results workspace):
 * markets are resulted from it by the settlement rules, and a market it cannot decide is voided.
 */
export const resultFactsSchema = z.object({
  /** Football: goals; points sports: points; set sports: sets won. Optional when `periods` are given. */
  home: count.optional(),
  away: count.optional(),
  /** Football: the half-time score (both or neither). */
  htHome: count.optional(),
  htAway: count.optional(),
  /** Football: every goal in order (minute 1–90, team, scorer if known). */
  goals: z
    .array(
      z.object({
        minute: z.number().int().min(1).max(90),
        team: z.enum(['h', 'a']),
        playerId: opsIdBody.optional(),
      }),
    )
    .max(60)
    .optional(),
  /** Period sports: each period's (set's) score, in order. */
  periods: z
    .array(z.object({ home: count, away: count }))
    .min(1)
    .max(20)
    .optional(),
});
