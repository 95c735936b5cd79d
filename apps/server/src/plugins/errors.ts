import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@sb/contract';
import { isDatabaseUnreachable, uniqueViolationField } from '../lib/db-errors';

/** Seconds a client is asked to wait when the database cannot be reached (a restart or failover takes seconds). */
const DATABASE_RETRY_AFTER_S = 5;

/** An error a service throws on purpose: mapped to its status and a JSON body, never logged as a crash. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
    /** More of the body (a bet error's per-selection errors and current odds); never `error` or `message`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const badRequest = (field: string, message: string) =>
  new HttpError(400, 'validation', message, field);

/** Fastify's own client errors under the product's codes (issue 32 item 12): no `FST_…` code leaves the server. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_BAD_STATUS_CODE: 'bad_request',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'rate_limited',
};
/** The product's code of a client error: its own when it has one, a Fastify one mapped, else by status. */
function productCodeOf(code: string | undefined, status: number): string {
  if (code && FASTIFY_CODES[code]) return FASTIFY_CODES[code];
  if (code && !code.startsWith('FST_') && /^[a-z_]+$/.test(code)) return code;
  return status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
}

/**
 * Every error leaves as `{error, message, field?}`: bad input is 400 naming the field, never 500. Error bodies
 * are serialised as plain JSON, never with the route's declared response schema: a route that declares its own
 * 400 shape (the account forms) must not turn a validation error into a response-serialisation 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const params = (issue?.params ?? {}) as { issue?: { path?: unknown[] } };
      const field = path || params.issue?.path?.join('.') || error.validationContext || 'request';
      const body: ErrorBody = {
        error: 'validation',
        field: field,
        message: `${error.validationContext ?? 'request'}${path ? `.${path}` : ''}: ${issue?.message ?? 'invalid'}`,
      };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { ...error.details, error: error.code, message: error.message };
      if (error.field) body.field = error.field;
      if (error.statusCode === 429) reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
      return reply.code(error.statusCode).send(body);
    }
    const duplicate = uniqueViolationField(error);
    if (duplicate) {
      // Two writers raced for one unique value (a check before the insert cannot close that window).
      const body: ErrorBody = { error: 'conflict', message: `${duplicate} already taken`, field: duplicate };
      return reply.code(409).send(body);
    }
    if (isDatabaseUnreachable(error)) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      request.log.warn({ err: error }, 'database unreachable');
      const body: ErrorBody = {
        error: 'unavailable',
        message: 'the service is unavailable, try again shortly',
      };
      return reply.code(503).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ error: 'internal', message: 'internal error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: 'internal', message: 'internal error' });
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type, rate limit.
    const body: ErrorBody = { error: productCodeOf(error.code, status), message: error.message };
    return reply.code(status).send(body);
  });
}
