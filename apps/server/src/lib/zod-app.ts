// The Fastify instance a route plugin registers on once it has taken the zod type provider, named so that a plugin can
// hand its routes to functions of its own (reads, writes) without spelling out Fastify's five type parameters each time.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** `fastify.withTypeProvider<ZodTypeProvider>()`'s type: what route groups take. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
