import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@sb/contract';

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
    return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
  });
}
