import type { OpsClientCreateBody, OpsClientCreated } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../plugins/errors';
import { isClientCurrency } from './currencies';
import { createIdentityRepository } from './identity.repository';
import type { IdentityService } from './identity.service';
import { UNSET_PASSWORD } from './passwords';
import type { SetupLinks } from './setup-links';

/** A brand as a new client needs it: its currency, language, time zone and primary host name. */
export interface BrandForClients {
  id: number;
  currencyIso: string;
  defaultLocale: string;
  timeZone: string;
  hostname: string;
}

/** Who asks (for the link's row) and how to write the audit entry in the action's transaction. */
export interface AccountActing {
  operator: string;
  audit: (
    tx: DbOrTx,
    entry: { action: string; target: string; brandId: number; reason?: string; after: unknown },
  ) => Promise<void>;
}

/** The player app's page for a link: on the brand's host, in the brand's language. */
export type LinkTo = (brand: BrandForClients, token: string) => string;

const localeOf = (brand: BrandForClients): 'en' | 'tr' => (brand.defaultLocale === 'tr' ? 'tr' : 'en');

/** What the desk's account actions are made of. */
interface ClientAccountsDeps {
  db: Db;
  clock: Clock;
  identity: IdentityService;
  links: SetupLinks;
  brandOf: (appId: number) => Promise<BrandForClients | null>;
}

/**
 * Issue 35 §2, the desk's account actions: a new client with no password and a one-time link to set theirs, and a
 * reset (a new link; the client's sessions end). The token is in the answer only: the audit entry names the link's
 * end, never the link.
 */
export function createClientAccounts(deps: ClientAccountsDeps) {
  const { identity } = deps;

  return {
    create: (brandId: number, input: OpsClientCreateBody, acting: AccountActing, linkTo: LinkTo) =>
      createClient(deps, brandId, input, acting, linkTo),

    /** The client of `id` if `brandId` (null: every brand) reaches them, else null. */
    async client(id: number, brandId: number | null) {
      const user = await identity.userById(id);
      return user && user.role === 'ROLE_CLIENT' && (brandId === null || user.appId === brandId)
        ? user
        : null;
    },

    /** A one-hour link to set a new password; the old one stops working and every session of the client ends now. */
    reset: (clientId: number, reason: string, acting: AccountActing, linkTo: LinkTo) =>
      resetPassword(deps, clientId, reason, acting, linkTo),
  };
}

/** A new client with no password, their one-time setup link and its audit, in one transaction. */
async function createClient(
  deps: ClientAccountsDeps,
  brandId: number,
  input: OpsClientCreateBody,
  acting: AccountActing,
  linkTo: LinkTo,
): Promise<OpsClientCreated> {
  const brand = await deps.brandOf(brandId);
  if (!brand) throw notFound('brand');
  const currency = input.currency ?? brand.currencyIso;
  if (currency !== brand.currencyIso && !isClientCurrency(currency))
    throw badRequest('currency', `clients cannot hold ${currency}`);
  return deps.db.transaction(async (tx) => {
    const user = await deps.identity.createUser(
      {
        appId: brand.id,
        username: input.username,
        password: null,
        role: 'ROLE_CLIENT',
        resellerId: input.resellerId ?? null,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        email: input.email ?? '',
        currencyIso: currency,
        timezone: brand.timeZone,
        language: localeOf(brand),
      },
      tx,
    );
    const link = await deps.links.issue(tx, {
      userId: user.id,
      appId: brand.id,
      purpose: 'new',
      createdBy: acting.operator,
    });
    const created = {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      brandId: user.appId,
      currency: user.currencyIso,
      resellerId: user.resellerId,
    };
    const setupExpiresAt = link.expiresAt.toISOString();
    await acting.audit(tx, {
      action: 'client.create',
      target: `client:${user.id}`,
      brandId: user.appId,
      after: { ...created, setupExpiresAt },
    });
    return { ...created, setupLink: linkTo(brand, link.token), setupExpiresAt };
  });
}

/** A one-hour link to set a new password; the old one stops working and every session of the client ends now. */
async function resetPassword(
  deps: ClientAccountsDeps,
  clientId: number,
  reason: string,
  acting: AccountActing,
  linkTo: LinkTo,
): Promise<{ link: string; expiresAt: string }> {
  const user = await deps.identity.userById(clientId);
  if (!user) throw notFound('client');
  const brand = await deps.brandOf(user.appId);
  if (!brand) throw notFound('brand');
  return deps.db.transaction(async (tx) => {
    const link = await deps.links.issue(tx, {
      userId: user.id,
      appId: user.appId,
      purpose: 'reset',
      createdBy: acting.operator,
    });
    const now = new Date(deps.clock.now());
    const users = createIdentityRepository(tx);
    // The old password stops working too (a reset may follow a stolen one): only the link sets the next.
    await users.updateUser(user.id, { passwordHash: UNSET_PASSWORD, passwordChangedAt: now });
    const revoked = await users.revokeUserSessions(user.id, now, 'password_reset');
    const expiresAt = link.expiresAt.toISOString();
    await acting.audit(tx, {
      action: 'client.password_reset',
      target: `client:${user.id}`,
      brandId: user.appId,
      reason,
      after: { expiresAt, revoked },
    });
    return { link: linkTo(brand, link.token), expiresAt };
  });
}

export type ClientAccounts = ReturnType<typeof createClientAccounts>;
