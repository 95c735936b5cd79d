import { z } from 'zod';
import { INT32_MAX, idParamSchema, idSchema, opsErrorAnswers } from '@sb/contract';

/*
 * The numbers of every /ops/v1 schema, bounded to what their columns hold (issue 32 item 6): a larger one is a
 * 400 naming the field, never a database error. Every ops route takes its integers from here.
 */

/** An id of an int4 column (brands, clients, events, sports, bets, commands) in a path or query string. */
export const opsIdParam = idParamSchema;
/** The same in a JSON body. */
export const opsIdBody = idSchema;
/** An id of a bigint column (markets, selections, audit rows) in a path or query string: up to 2^53 − 1. */
export const opsBigIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The same in a JSON body. */
export const opsBigIdBody = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** An amount in minor units or a cursor, 0 included, of an int4 column, in a query string. */
export const opsAmountParam = z.coerce.number().int().min(0).max(INT32_MAX);

/** The error answers every `/ops/v1` route may give (the body names the field of a 400). */
export const opsErrors = opsErrorAnswers;

/** A route's answers: its success schema (packages/contract) under 200 (or the codes given), and the errors. */
export function opsAnswers<T extends z.ZodType>(ok: T): { 200: T } & typeof opsErrors;
export function opsAnswers<T extends z.ZodType, C extends number>(
  ok: T,
  codes: readonly C[],
): Record<C, T> & typeof opsErrors;
export function opsAnswers(ok: z.ZodType, codes: readonly number[] = [200]) {
  return { ...Object.fromEntries(codes.map((c) => [c, ok])), ...opsErrors };
}
