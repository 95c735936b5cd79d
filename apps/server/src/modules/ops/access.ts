import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import type { OperatorContext } from './operators';

/** A brand filter: an operator of one brand sees only it; naming another brand is a 404. */
export function brandScope(ctx: OperatorContext, requested: number | undefined): number | null {
  if (ctx.brandId === null) return requested ?? null;
  if (requested !== undefined && requested !== ctx.brandId)
    throw new HttpError(404, 'not_found', 'brand not found');
  return ctx.brandId;
}

/** The operator of a request that passed the ops hook (every route but the login and the ticker socket). */
export const ctxOf = (request: FastifyRequest) => request.operator!;
