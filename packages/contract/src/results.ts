import { z } from 'zod';
import { scoreSchema } from './feed';
import { isTimeZone } from './time-zone';

// In a module of their own: the web bundles modules it takes values from whole (zod calls are not dropped).

/**
 * GET {core}/api/v1/fixture/results: finished events of one calendar day (`date`, in the time zone `tz`, an
 * IANA name; default UTC), optionally of one sport and matching a text (team or competition, more than 3
 * characters as every search). Results are kept for today and the two days before; older days answer an empty
 * list. Bad input: 400 naming the field.
 */
export const resultsQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      'must be a real date',
    ),
  tz: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone').optional(),
  sport: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  q: z
    .string()
    .max(100)
    .refine((q) => !q.includes('\u0000'), 'must not contain NUL')
    .optional(),
  locale: z.enum(['en', 'tr']).optional(),
  _locale: z.enum(['en', 'tr']).optional(),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

/** One finished event: teams, final score and the score of each period. */
export const eventResultSchema = z.object({
  id: z.number().int(),
  sport: z.object({ id: z.number().int(), name: z.string() }),
  region: z.object({ id: z.number().int(), name: z.string(), flag: z.string() }),
  competition: z.object({ id: z.number().int(), name: z.string() }),
  home: z.object({ name: z.string(), logo: z.string() }),
  away: z.object({ name: z.string(), logo: z.string() }),
  /** ISO start time. */
  startDate: z.string(),
  score: scoreSchema,
  /**
   * Period scores in order (quarters, periods, sets, …); football's halves are given as `halfTime` instead.
   * Empty when the result was entered without them.
   */
  periods: z.array(z.object({ period: z.number().int(), score: scoreSchema })),
  /** Football: the half-time score; null for other sports or when the result was entered without it. */
  halfTime: scoreSchema.nullable(),
  /** The sport's status text at the end (e.g. "Ended", "After penalties"), translated. */
  resultName: z.string().nullable(),
});
export type EventResult = z.infer<typeof eventResultSchema>;

export const resultsResponseSchema = z.object({
  result: z.array(eventResultSchema),
  /** Sports with finished events that day (the filter chips), before the sport and text filters. */
  sports: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;
