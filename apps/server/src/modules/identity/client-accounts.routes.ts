import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  opsClientCreateBodySchema,
  opsClientCreatedResponseSchema,
  opsPasswordResetBodySchema,
  opsErrorAnswers as errors,
  opsPasswordResetResponseSchema,
} from '@sb/contract';
import { badRequest, notFound } from '../../plugins/errors';
import type { DbOrTx } from '../../db/database';
import type { AccountActing, BrandForClients, ClientAccounts } from './client-accounts';

/**
 * What the ops module gives these routes (its `OpsPluginContext`, declared here by shape: betting reads identity,
 * and the ops module reads betting, so naming the ops module here would close an import cycle).
 */
export interface AccountsOpsContext {
  operatorOf: (request: FastifyRequest) => { username: string };
  brandScope: (request: FastifyRequest, requested: number | undefined) => number | null;
  record: (
    tx: DbOrTx,
    request: FastifyRequest,
    entry: { action: string; target: string; brandId: number; reason?: string; after?: unknown },
  ) => Promise<void>;
}

/** A development host (`localhost`, `*.localhost`, an address): the link keeps the desk's scheme and port. */
const isDevHost = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host);

/**
 * The player app's set-password page for a link: `https://<brand's primary host>/<lang>/set-password?token=…`; on
 * a development host (one server answers the desk and every brand on one port) the desk request's scheme and port.
 */
export function setupLinkOf(request: FastifyRequest, brand: BrandForClients, token: string): string {
  const lang = brand.defaultLocale === 'tr' ? 'tr' : 'en';
  let origin = `https://${brand.hostname}`;
  if (isDevHost(brand.hostname)) {
    const port = new URL(`http://${request.headers.host ?? 'localhost'}`).port;
    origin = `${request.protocol}://${brand.hostname}${port ? `:${port}` : ''}`;
  }
  return `${origin}/${lang}/set-password?token=${encodeURIComponent(token)}`;
}

/**
 * Issue 35 §2 on `/ops/v1/clients`: a new client (no password: a one-time link) and a password reset (a new link,
 * the client's sessions end). Audited in the action's transaction (`client.create`, `client.password_reset`); a
 * brand's operator creates in and resets their own brand only (another brand's client: 404).
 */
export function clientAccountsRoutes(accounts: ClientAccounts, ops: AccountsOpsContext): FastifyPluginAsync {
  const acting = (request: FastifyRequest): AccountActing => ({
    operator: ops.operatorOf(request).username,
    audit: async (tx, entry) => {
      await ops.record(tx, request, entry);
      // Recorded in the action's transaction: the ops audit hook writes nothing more (ops/audit-hook.ts).
      request.opsAudit = 'transaction';
    },
  });

  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['ops'];

    app.post(
      '/ops/v1/clients',
      {
        schema: {
          tags,
          summary:
            'Create a client (no password): the answer carries a one-time link, valid 72 hours, to set theirs on the brand’s site',
          body: opsClientCreateBodySchema,
          response: { 200: opsClientCreatedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const brandId = ops.brandScope(request, request.body.brandId);
        if (brandId === null) throw badRequest('brandId', 'choose the client’s brand');
        const created = await accounts.create(brandId, request.body, acting(request), (brand, token) =>
          setupLinkOf(request, brand, token),
        );
        return { result: created };
      },
    );

    app.post(
      '/ops/v1/clients/:id/password-reset',
      {
        schema: {
          tags,
          summary:
            'Reset a client’s password: the old one and their sessions end now; a one-time link (valid one hour) sets a new one',
          params: z.object({ id: idParamSchema }),
          body: opsPasswordResetBodySchema,
          response: { 200: opsPasswordResetResponseSchema, ...errors },
        },
      },
      async (request) => {
        const scope = ops.brandScope(request, undefined);
        const client = await accounts.client(request.params.id, scope);
        if (!client) throw notFound('client');
        const answer = await accounts.reset(client.id, request.body.reason, acting(request), (brand, token) =>
          setupLinkOf(request, brand, token),
        );
        return { result: answer };
      },
    );
  };
}
