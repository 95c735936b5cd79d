import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { can, type OperatorContext, type Permission } from './operators';

/**
 * Whom a route serves, in two parts, declared once per route in OPS_ACCESS below:
 * - `permission`: what the caller's role must grant (`none`: the login and the ticker socket, which authenticate
 *   themselves).
 * - `scope`: `catalogue` — it acts on what every brand shares (events, markets, prices, results, the simulator,
 *   virtual rounds): an all-brands operator only, a brand-scoped one gets 403 before the handler runs; `shared` —
 *   it reads that catalogue (no brand's data in it): every operator; `brand` —
 *   the handler narrows what it reads or changes to the operator's brand (`brandScope`, 404 for another brand's);
 *   `self` — the caller's own session.
 * - `enrol`: an `enrol` session (password right, second factor not enrolled yet) may call it.
 */
export interface OpsAccess {
  permission: Permission | 'none';
  scope: 'catalogue' | 'shared' | 'brand' | 'self';
  enrol?: boolean;
  /** What an all-brands-only route acts on, in its refusal (default: the shared catalogue). */
  allBrandsBecause?: string;
}

const read = (scope: OpsAccess['scope'] = 'brand'): OpsAccess => ({ permission: 'read', scope });
const trade = (scope: OpsAccess['scope']): OpsAccess => ({ permission: 'trade', scope });
/** Results, voids and resettlements (issue 35 §3: `risk` trades without them). */
const settle = (scope: OpsAccess['scope']): OpsAccess => ({ permission: 'settle', scope });
/** Operators (issue 35 §3): admins; a brand's admin manages its brand's operators only (404 for another's). */
const manage: OpsAccess = { permission: 'manage', scope: 'brand' };
const own: OpsAccess = { permission: 'read', scope: 'self', enrol: true };

/**
 * Every `/ops/v1` route, by method and Fastify path. A route missing here is refused at registration
 * (`guardOpsRoutes`), so a new route cannot go live without saying whom it serves.
 */
export const OPS_ACCESS: Readonly<Record<string, OpsAccess>> = {
  'POST /ops/v1/session': { permission: 'none', scope: 'self' },
  'GET /ops/v1/session': own,
  'DELETE /ops/v1/session': own,
  'POST /ops/v1/session/totp': own,
  'POST /ops/v1/session/totp/confirm': own,
  'GET /ops/v1/ticker': { permission: 'none', scope: 'brand' },
  'GET /ops/v1/operators': manage,
  'POST /ops/v1/operators': manage,
  'PATCH /ops/v1/operators/:id': manage,
  'POST /ops/v1/operators/:id/totp-reset': manage,
  'GET /ops/v1/audit': read(),
  'GET /ops/v1/bets': read(),
  'GET /ops/v1/bets/:id': read(),
  // The ticker's pick-lists: the operator's brands (one for a brand's operator), the sports, a client's name.
  'GET /ops/v1/pick-lists': read(),
  'GET /ops/v1/liability': read(),
  // The open book's roll-ups: the operator's brand's bets (every brand's for an all-brands operator).
  'GET /ops/v1/liability/book': read(),
  'GET /ops/v1/clients': read(),
  'GET /ops/v1/clients/:id': read(),
  // Issue 35 §2: a client is their brand's. Blocking: trader, admin; notes: every role that looks after clients;
  // manual adjustments and their second operator's approval: finance, admin.
  // A new client (no password: a one-time link) and a password reset (a new link): `accounts` — support, trader,
  // admin (who answers the client's call); a brand's operator in their own brand.
  'POST /ops/v1/clients': { permission: 'accounts', scope: 'brand' },
  'POST /ops/v1/clients/:id/password-reset': { permission: 'accounts', scope: 'brand' },
  'POST /ops/v1/clients/:id/block': { permission: 'clients', scope: 'brand' },
  'POST /ops/v1/clients/:id/unblock': { permission: 'clients', scope: 'brand' },
  'POST /ops/v1/clients/:id/notes': { permission: 'note', scope: 'brand' },
  'POST /ops/v1/clients/:id/adjustments': { permission: 'adjust', scope: 'brand' },
  'POST /ops/v1/clients/:id/adjustments/:adjustmentId/approve': { permission: 'adjust', scope: 'brand' },
  'POST /ops/v1/clients/:id/adjustments/:adjustmentId/reject': { permission: 'adjust', scope: 'brand' },
  // The approvals queue: who decides adjustments (finance, admin) sees their brand's.
  'GET /ops/v1/adjustments': { permission: 'adjust', scope: 'brand' },
  'PUT /ops/v1/clients/:id/risk': trade('brand'),
  'GET /ops/v1/limits': read(),
  // Brand limits are the brand's; every-brand levels (platform, market) are refused by the service (403).
  'PUT /ops/v1/limits': trade('brand'),
  'GET /ops/v1/margins': read(),
  'PUT /ops/v1/margins': trade('brand'),
  'GET /ops/v1/dashboard': read(),
  // Issue 35 §4: the book's figures, for who looks after the money (finance, trader, admin).
  'GET /ops/v1/reports/:name': { permission: 'reports', scope: 'brand' },
  'GET /ops/v1/results/events': read(),
  'GET /ops/v1/results/events/:id': read(),
  // The catalogue is read by every operator (it holds no brand's data); changing it is every brand's business.
  'GET /ops/v1/fixtures': read('shared'),
  'GET /ops/v1/commands/:id': read('shared'),
  'GET /ops/v1/overrides': read('shared'),
  'POST /ops/v1/fixtures/:eventId/commands': settle('catalogue'),
  'POST /ops/v1/virtual/commands': trade('catalogue'),
  'POST /ops/v1/markets/:id/suspend': trade('catalogue'),
  'POST /ops/v1/markets/:id/resume': trade('catalogue'),
  'POST /ops/v1/selections/:id/suspend': trade('catalogue'),
  'POST /ops/v1/selections/:id/resume': trade('catalogue'),
  'POST /ops/v1/events/:id/suspend': trade('catalogue'),
  'POST /ops/v1/events/:id/resume': trade('catalogue'),
  'POST /ops/v1/selections/:id/override': trade('catalogue'),
  'DELETE /ops/v1/selections/:id/override': trade('catalogue'),
  'POST /ops/v1/markets/:id/result': settle('catalogue'),
  'POST /ops/v1/markets/:id/void': settle('catalogue'),
  'POST /ops/v1/markets/:id/resettle': settle('catalogue'),
  // The trading floor (issue 34): the navigator reads the shared catalogue; the event view adds the liability of
  // the operator's brand (every brand's for an all-brands operator).
  'GET /ops/v1/catalogue': read('shared'),
  'GET /ops/v1/events/:id': read(),
  // A bet is its brand's: a brand's trader voids its own brand's bets (a void settles it: not `risk`'s).
  'GET /ops/v1/bets/:id/detail': read(),
  'POST /ops/v1/bets/:id/void': settle('brand'),
  // A referred bet is its brand's: a brand's trader decides its own brand's referrals (issue 34 item 3).
  'GET /ops/v1/referrals': read(),
  'POST /ops/v1/referrals/:id/accept': trade('brand'),
  'POST /ops/v1/referrals/:id/reject': trade('brand'),
  'POST /ops/v1/referrals/:id/offer': trade('brand'),
  // Results are the shared catalogue's: the preview too (it is the same action, rolled back). `settle`: traders and
  // admins, not `risk` (issue 35 §3); the simulator's fixture commands can finish a match, so they are `settle` too.
  'POST /ops/v1/events/:id/result/preview': settle('catalogue'),
  'POST /ops/v1/events/:id/result/confirm': settle('catalogue'),
  // Promotions (issue 36): a campaign is its brand's; traders run them, support reads them.
  'GET /ops/v1/promotions': read(),
  'POST /ops/v1/promotions': trade('brand'),
  'GET /ops/v1/promotions/:id': read(),
  'PUT /ops/v1/promotions/:id/status': trade('brand'),
  'POST /ops/v1/promotions/:id/grants': trade('brand'),
  // The client 360's rewards (issue 36): read like the 360 itself, a client of another brand is a 404.
  'GET /ops/v1/clients/:id/rewards': read(),
  // Brands (issue 35 §1): admin and content. A brand's operator reads and changes its own brand; a new brand is
  // every brand's business (an all-brands operator, as the shared catalogue).
  'GET /ops/v1/brands': { permission: 'brands', scope: 'brand' },
  'POST /ops/v1/brands': { permission: 'brands', scope: 'catalogue', allBrandsBecause: 'a new brand' },
  'PATCH /ops/v1/brands/:id': { permission: 'brands', scope: 'brand' },
  // A brand's uploaded logo (issue 35 §1): changed as the rest of the brand.
  'PUT /ops/v1/brands/:id/logo': { permission: 'brands', scope: 'brand' },
  'DELETE /ops/v1/brands/:id/logo': { permission: 'brands', scope: 'brand' },
  // A brand's casino catalogue (issue 35 §1): admin and content, a brand's operator its own brand only.
  'GET /ops/v1/brands/:id/casino': { permission: 'brands', scope: 'brand' },
  'PATCH /ops/v1/brands/:id/casino/games/:gameId': { permission: 'brands', scope: 'brand' },
  'PATCH /ops/v1/brands/:id/casino/providers/:providerId': { permission: 'brands', scope: 'brand' },
  // A brand's banners (issue 35 §1): every desk role reads them (support answers players about them); admin and
  // content change them; a brand's operator its own brand only.
  'GET /ops/v1/brands/:id/banners': read(),
  'POST /ops/v1/brands/:id/banners': { permission: 'brands', scope: 'brand' },
  'PATCH /ops/v1/brands/:id/banners/:bannerId': { permission: 'brands', scope: 'brand' },
  'DELETE /ops/v1/brands/:id/banners/:bannerId': { permission: 'brands', scope: 'brand' },
};

/** The declaration of a route (HEAD answers as its GET), or undefined. */
export function opsAccessOf(method: string, url: string): OpsAccess | undefined {
  return OPS_ACCESS[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** Refuses to register an `/ops/` route that OPS_ACCESS does not declare (on the root: every plugin's routes). */
export function guardOpsRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/ops/')) return;
    for (const method of [route.method].flat())
      if (!opsAccessOf(method, route.url))
        throw new Error(`${method} ${route.url}: no entry in OPS_ACCESS (modules/ops/access.ts)`);
  });
}

/** The one check of what a request's operator may do on its route: role, enrolment, then the brand scope. */
export function checkAccess(access: OpsAccess, ctx: OperatorContext): void {
  if (ctx.scope === 'enrol' && !access.enrol)
    throw new HttpError(403, 'totp_enrolment_required', 'enrol a second factor first');
  if (access.permission !== 'none' && !can(ctx.role, access.permission))
    throw new HttpError(403, 'forbidden', `the ${ctx.role} role may not do this`);
  if (access.scope === 'catalogue' && ctx.brandId !== null)
    throw new HttpError(
      403,
      'forbidden',
      `${access.allBrandsBecause ?? 'the catalogue is shared by every brand'}: an all-brands operator is needed`,
    );
}

/** A brand filter: an operator of one brand sees only it; naming another brand is a 404. */
export function brandScope(ctx: OperatorContext, requested: number | undefined): number | null {
  if (ctx.brandId === null) return requested ?? null;
  if (requested !== undefined && requested !== ctx.brandId)
    throw new HttpError(404, 'not_found', 'brand not found');
  return ctx.brandId;
}

/** The operator of a request that passed the ops hook (every route but the login and the ticker socket). */
export const ctxOf = (request: FastifyRequest) => request.operator!;
