// The betting routes' request schemas and their readings: the bets list's query (statuses, dates, pages), a bet's
// detail query (print, time zone, host), the slip body and a refusal's reason code.
import { z } from 'zod';
import {
  BET_STATUSES,
  dateTimeParamSchema,
  errorBodySchema,
  localeQuerySchema,
  type BetStatusKey,
} from '@sb/contract';
import { badRequest, type HttpError } from '../../plugins/errors';

/** The reason code of a refused placement: a bet error's first per-slip or per-selection code, else the error's. */
export function refusalReason(error: HttpError): string {
  const details = error.details as
    { errors?: { general?: { code?: string }[]; bets?: Record<string, { code?: string }> } } | undefined;
  const first = details?.errors?.general?.[0] ?? Object.values(details?.errors?.bets ?? {})[0];
  return first?.code ?? error.code;
}

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
/** A form or JSON slip: decoded and checked by parseSlip (400 naming the field). */
export const slipBody = z.record(z.string(), z.unknown());

export const betsQuerySchema = localeQuerySchema.extend({
  /** Status ids (spec §4): repeated, bracketed or comma separated. */
  status: z.union([z.string().max(40), z.array(z.string().max(4)).max(8)]).optional(),
  'status[]': z.union([z.string().max(4), z.array(z.string().max(4)).max(8)]).optional(),
  'createdAt[from]': dateTimeParamSchema.optional(),
  'createdAt[to]': dateTimeParamSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

export const detailQuerySchema = localeQuerySchema.extend({
  print: z.enum(['0', '1']).optional(),
  tz: z.string().max(64).optional(),
  host: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]*$/i, 'a host name')
    .optional(),
});

/** Status ids of the `status` parameters, as keys; every status when none is given. */
export function statusesOf(query: z.infer<typeof betsQuerySchema>): BetStatusKey[] {
  const raw = [query.status ?? [], query['status[]'] ?? []].flat().flatMap((s) => s.split(','));
  if (raw.length === 0) return BET_STATUSES.map((s) => s.key);
  return raw.map((text) => {
    const status = BET_STATUSES.find((s) => String(s.id) === text.trim());
    if (!status) throw badRequest('status', 'status: ids 1–8');
    return status.key;
  });
}
