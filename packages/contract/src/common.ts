import { z } from 'zod';

import { LOCALES } from './constants';

export const localeSchema = z.enum(LOCALES);

/** Every error response: a stable code, a human message and, for bad input, the offending field. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error answers every `/ops/v1` route may give (the body names the field of a 400), in one home. */
export const opsErrorAnswers = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Optional locale query parameter every call carries (`locale`, or `_locale` on some calls). */
export const localeQuerySchema = z.object({
  locale: localeSchema.optional(),
  _locale: localeSchema.optional(),
  t: z.string().max(64).optional(),
});

/**
 * Range of a PostgreSQL `integer` column. Every id a request carries (path, query, header or body) is bounded
 * to it, so an out-of-range value is a 400 naming the field instead of a database error.
 */
export const INT32_MAX = 2_147_483_647;

/** An id in a JSON body: a whole number 1..INT32_MAX. */
export const idSchema = z.number().int().min(1).max(INT32_MAX);

/**
 * An id in a path, query string or header (text): digits only (no sign, exponent, hex or spaces), 1..INT32_MAX.
 * Parses to a number.
 */
export const idParamSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number)
  .pipe(idSchema);

/** Like idParamSchema but 0 is allowed (uid 0 = anonymous visitor, spec §6). */
export const uidParamSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(0).max(INT32_MAX));

/** Comma-separated ids (at most `max`), each 1..INT32_MAX: `event=1,2,3`. Parses to a list of numbers. */
export function idListParamSchema(max = 100) {
  return z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${max - 1}}$`), `comma-separated ids (at most ${max})`)
    .refine(
      (v) => v.split(',').every((id) => Number(id) >= 1 && Number(id) <= INT32_MAX),
      `each id must be 1..${INT32_MAX}`,
    )
    .transform((v) => v.split(',').map(Number));
}

/** Whether y-m-d names a real day of the proleptic Gregorian calendar (2026-02-30 and 2026-13-01 do not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return day <= days[month - 1]!;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/**
 * A date `YYYY-MM-DD` or an ISO 8601 date-time (`YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`) that names a real
 * instant: impossible dates and times (2026-02-30, 2026-13-01, 25:61) are refused instead of rolling over.
 * Stays text: the service decides the time zone of a plain date.
 */
export const dateTimeParamSchema = z
  .string()
  .max(40)
  .refine((text) => {
    const m = DATE_TIME.exec(text);
    return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }, 'must be a real date YYYY-MM-DD or an ISO date-time');

/**
 * An id of a `bigint` column (markets and selections: `eventId × 256 + n`, `marketId × 64 + k`): a whole number
 * 1..2^53−1, the range JavaScript numbers hold exactly.
 */
export const bigIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A bigint-column id as text (path, query, form field): digits only, parses to a number 1..2^53−1. */
export const bigIdParamSchema = z
  .string()
  .regex(/^\d{1,16}$/, 'must be a whole number')
  .transform(Number)
  .pipe(bigIdSchema);
