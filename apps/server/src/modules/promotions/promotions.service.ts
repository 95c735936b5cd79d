import { cents, oddsOf, type Cents } from '@sb/betting';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest, notFound } from '../../plugins/errors';
import {
  createPromotionsRepository,
  type CampaignRow,
  type CampaignUptake,
  type RewardRow,
} from './promotions.repository';
import {
  validateTerms,
  type OddsBoostTerms,
  type PromotionRules,
  type RewardTerms,
  UK_RULES,
} from './promotions.terms';
import type { CampaignStatus, PromotionKind, RewardStatus } from './promotions.tables';
import type { BonusMoney } from './bonus-money';
import type { Cashback } from './cashback';
import { boostRunning, remainingStake } from './odds-boost.rules';
import { createEligibility, type RewardClient } from './eligibility';

const DAY_MS = 86_400_000;
/** At most this many clients per grant request. */
export const MAX_GRANT = 500;

/** A client a grant may reward: its brand and currency (identity's user). */
export interface GrantableClient {
  id: number;
  appId: number;
  role: string;
  currencyIso: string;
}

/** Who acts on the desk: the operator's name and brand scope (null = every brand). */
export interface Actor {
  username: string;
  brandId: number | null;
}

export interface CampaignInput {
  kind: PromotionKind;
  brandId: number;
  name: string;
  terms: unknown;
  startsAt: string;
  endsAt: string;
}

/** An audit line of a desk action, written in the action's transaction (the ops module's append-only log). */
export type AuditWrite = (
  tx: DbOrTx,
  entry: { action: string; target: string; brandId: number; before?: unknown; after?: unknown },
) => Promise<void>;

export interface PromotionsDeps {
  db: Db;
  clock: Clock;
  /** A brand's (tenancy app's) name, or null when there is none. */
  brandName: (appId: number) => Promise<string | null>;
  /** A user by id, or null (identity). */
  clientById: (id: number, tx?: DbOrTx) => Promise<GrantableClient | null>;
  /** A brand's own promotion rules (only ever tighter than the UK default). */
  rulesOf?: (appId: number) => Promise<PromotionRules>;
  /** Bonus money's ledger side (grants, the lazy expiry, wagering counted). */
  bonusMoney?: Pick<BonusMoney, 'granted' | 'refuseSecond' | 'expire' | 'wagering'>;
  /** Cashback campaigns not claimed yet, with the amount due (shown among the client's rewards). */
  cashback?: Pick<Cashback, 'offers'>;
  /** A selection's current decimal price for a brand (sports), or null when there is none: an odds boost beats it. */
  selectionPrice?: (oddId: number, brandId: number) => Promise<number | null>;
  /** The fixture bodies' boosted prices: told when a brand's odds boost campaigns change on this instance. */
  boostPrices?: { forget(appId: number): void };
  /** A client's segment for a campaign's `segments`: their risk label on the desk. */
  segmentOf?: (userId: number) => Promise<string>;
}

/** A campaign as the desk shows it, with its uptake and cost. */
export type CampaignView = ReturnType<typeof campaignView>;

function campaignView(c: CampaignRow, uptake: CampaignUptake | undefined, brand: string) {
  return {
    id: c.id,
    kind: c.kind,
    brandId: c.appId,
    brand,
    name: c.name,
    product: c.product,
    terms: c.terms,
    status: c.status,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    uptake: {
      granted: uptake?.granted ?? 0,
      available: uptake?.available ?? 0,
      reserved: uptake?.reserved ?? 0,
      used: uptake?.used ?? 0,
      expired: uptake?.expired ?? 0,
    },
    /** What its rewards cost the house so far (free bets' winnings), minor units: NGR = GGR − this. */
    cost: uptake?.cost ?? 0,
    /** The bets placed with its rewards and their stakes (turnover); its effect on NGR is −cost. */
    bets: uptake?.bets ?? 0,
    turnover: uptake?.turnover ?? 0,
  };
}

/** The status a player sees: an available reward past its expiry is expired. */
export const shownStatus = (r: RewardRow, now: number): RewardStatus =>
  r.status === 'available' && r.expiresAt.getTime() <= now ? 'expired' : r.status;

const STATUS_MOVES: Record<CampaignStatus, CampaignStatus[]> = {
  active: ['paused'],
  paused: ['active', 'ended'],
  ended: [],
};

/** Campaigns, grants and the player's rewards (the desk's and the app's side; betting's side is `rewards.ts`). */
export function createPromotionsService(deps: PromotionsDeps) {
  const { db, clock } = deps;
  const repo = createPromotionsRepository(db);
  const rulesOf = deps.rulesOf ?? (async () => UK_RULES);
  const eligibility = createEligibility(deps);

  /** A campaign the actor may see (another brand's is a 404, as if it did not exist). */
  async function visible(actor: Actor, id: number, r = repo): Promise<CampaignRow> {
    const c = await r.campaign(id);
    if (!c || (actor.brandId !== null && actor.brandId !== c.appId)) throw notFound('campaign');
    return c;
  }

  const bonusMoney = () => {
    if (!deps.bonusMoney) throw new Error('bonus money is not wired');
    return deps.bonusMoney;
  };

  /** An odds boost names a selection on sale and a price above its current one (400 naming the field). */
  async function checkBoostPrice(terms: OddsBoostTerms, brandId: number) {
    const price = deps.selectionPrice ? await deps.selectionPrice(terms.oddId, brandId) : null;
    if (price === null) throw badRequest('terms.oddId', 'no selection with this id is offered');
    if (!(terms.boostedOdd > price))
      throw badRequest('terms.boostedOdd', `the boosted price must be above the selection’s price ${price}`);
  }

  /**
   * An odds boost is every client's while its campaign runs (no grant): the client's reward row — the stake taken
   * so far — is written the first time their rewards are read (once: the unique index on campaign and client).
   */
  async function ensureBoosts(client: { id: number; appId: number; currencyIso: string }) {
    const now = clock.now();
    const running = await repo.runningBoosts(client.appId, new Date(now));
    await repo.insertRewards(
      running.map((c) => {
        const terms = c.terms as OddsBoostTerms;
        return {
          campaignId: c.id,
          appId: c.appId,
          userId: client.id,
          kind: c.kind,
          currency: client.currencyIso,
          amount: cents(terms.maxStake),
          minOddsThousandths: oddsOf(terms.boostedOdd),
          status: 'available' as const,
          expiresAt: new Date(Math.min(now + terms.expiresInDays * DAY_MS, c.endsAt.getTime())),
          grantedBy: 'automatic',
          grantedAt: new Date(now),
        };
      }),
    );
  }

  /** The status a client sees: an odds boost's campaign paused or ended withdraws it. */
  const statusOf = (reward: RewardRow, campaign: CampaignRow, now: number): RewardStatus => {
    if (reward.kind !== 'odds_boost' || boostRunning(campaign, now)) return shownStatus(reward, now);
    return now >= campaign.endsAt.getTime() ? 'expired' : 'cancelled';
  };

  async function viewOf(c: CampaignRow): Promise<CampaignView> {
    const [uptake] = await repo.uptake([c.id], new Date(clock.now()));
    return campaignView(c, uptake, (await deps.brandName(c.appId)) ?? '');
  }

  return {
    async create(actor: Actor, input: CampaignInput, audit: AuditWrite): Promise<CampaignView> {
      if (actor.brandId !== null && actor.brandId !== input.brandId) throw notFound('brand');
      const brand = await deps.brandName(input.brandId);
      if (brand === null) throw notFound('brand');
      const startsAt = Date.parse(input.startsAt);
      const endsAt = Date.parse(input.endsAt);
      if (!(endsAt > startsAt)) throw badRequest('endsAt', 'a campaign ends after it starts');
      if (endsAt <= clock.now()) throw badRequest('endsAt', 'a campaign must end in the future');
      const terms = validateTerms(input.kind, input.terms, await rulesOf(input.brandId));
      if (input.kind === 'odds_boost') await checkBoostPrice(terms as OddsBoostTerms, input.brandId);
      const now = new Date(clock.now());
      const created = await db.transaction(async (tx) => {
        const row = await createPromotionsRepository(tx).insertCampaign({
          appId: input.brandId,
          kind: input.kind,
          name: input.name,
          product: terms.product,
          terms,
          status: 'active',
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          createdBy: actor.username,
          createdAt: now,
        });
        const view = campaignView(row, undefined, brand);
        await audit(tx, {
          action: 'promotion.create',
          target: `promotion:${row.id}`,
          brandId: row.appId,
          after: view,
        });
        return view;
      });
      // Forgotten once committed: forgotten before, a price read in between cached the old boosts again.
      if (input.kind === 'odds_boost') deps.boostPrices?.forget(input.brandId);
      return created;
    },

    async list(actor: Actor, brandId: number | null): Promise<CampaignView[]> {
      const rows = await repo.campaigns(brandId, 200);
      const names = new Map<number, string>();
      for (const appId of new Set(rows.map((c) => c.appId)))
        names.set(appId, (await deps.brandName(appId)) ?? '');
      const uptake = new Map(
        (
          await repo.uptake(
            rows.map((c) => c.id),
            new Date(clock.now()),
          )
        ).map((u) => [u.campaignId, u]),
      );
      void actor;
      return rows.map((c) => campaignView(c, uptake.get(c.id), names.get(c.appId) ?? ''));
    },

    get: async (actor: Actor, id: number) => viewOf(await visible(actor, id)),

    /**
     * Pauses (no grants, its rewards still usable), resumes or ends (final: no grants ever again; rewards already
     * granted keep their own expiry, as their terms promised). An illegal move is 409 naming both statuses.
     */
    async setStatus(actor: Actor, id: number, status: CampaignStatus, audit: AuditWrite) {
      // The view (its uptake and the brand's name, which may be read from the database) once the change has
      // committed: the brand's name read inside the transaction, on a cold cache, waited for the transaction.
      const changed = await db.transaction(async (tx) => {
        const r = createPromotionsRepository(tx);
        await visible(actor, id, r);
        const c = (await r.lockCampaign(id))!;
        if (c.status === status) return c;
        const allowed = status === 'ended' ? c.status !== 'ended' : STATUS_MOVES[c.status].includes(status);
        if (!allowed)
          throw new HttpError(
            409,
            'campaign_status',
            `a campaign ${c.status} cannot become ${status}`,
            'status',
          );
        await r.setCampaignStatus(id, status);
        await audit(tx, {
          action: `promotion.${status === 'active' ? 'resume' : status === 'paused' ? 'pause' : 'end'}`,
          target: `promotion:${id}`,
          brandId: c.appId,
          before: { status: c.status },
          after: { status },
        });
        return { ...c, status };
      });
      if (changed.kind === 'odds_boost') deps.boostPrices?.forget(changed.appId);
      return viewOf(changed);
    },

    /**
     * Grants the campaign's reward to clients of its brand: once per client (a repeated grant changes nothing),
     * only while the campaign is active and running. Each reward expires `expiresInDays` after its grant.
     */
    async grant(actor: Actor, id: number, clientIds: number[], audit: AuditWrite) {
      const unique = [...new Set(clientIds)];
      if (unique.length === 0 || unique.length > MAX_GRANT)
        throw badRequest('clientIds', `name 1 to ${MAX_GRANT} clients`);
      return db.transaction(async (tx) => {
        const r = createPromotionsRepository(tx);
        await visible(actor, id, r);
        // Locked: a pause or an end racing the grant waits, and no grant lands after the campaign ended.
        const c = (await r.lockCampaign(id))!;
        const now = clock.now();
        if (c.status !== 'active')
          throw new HttpError(409, 'campaign_status', `the campaign is ${c.status}: it grants nothing`);
        if (now < c.startsAt.getTime() || now >= c.endsAt.getTime())
          throw new HttpError(409, 'campaign_closed', 'the campaign is not running now');
        const clients: GrantableClient[] = [];
        for (const [i, clientId] of unique.entries()) {
          const client = await deps.clientById(clientId, tx);
          if (!client || client.role !== 'ROLE_CLIENT' || client.appId !== c.appId)
            throw badRequest(`clientIds.${i}`, `client ${clientId} is not a client of the campaign’s brand`);
          clients.push(client);
        }
        if (c.kind === 'cashback')
          throw new HttpError(409, 'campaign_kind', 'cashback is claimed by the clients, never granted');
        if (c.kind === 'odds_boost')
          throw new HttpError(
            409,
            'campaign_kind',
            'an odds boost is every client’s while it runs, never granted',
          );
        if (c.kind === 'bonus') bonusMoney();
        const inserted = await eligibility.grantTo(tx, c, clients, actor.username, now);
        const granted = new Set(inserted.map((x) => x.userId));
        const result = {
          campaignId: c.id,
          granted: unique.filter((u) => granted.has(u)),
          alreadyGranted: unique.filter((u) => !granted.has(u)),
        };
        await audit(tx, {
          action: 'promotion.grant',
          target: `promotion:${id}`,
          brandId: c.appId,
          after: result,
        });
        return result;
      });
    },

    /** A client's rewards for the desk's client 360, newest first (a client of another brand is a 404). */
    async clientRewards(actor: Actor, clientId: number) {
      const client = await deps.clientById(clientId);
      if (
        !client ||
        client.role !== 'ROLE_CLIENT' ||
        (actor.brandId !== null && actor.brandId !== client.appId)
      )
        throw notFound('client');
      const now = clock.now();
      return (await repo.rewardsOf(clientId, 200)).map(({ reward, campaign }) => ({
        id: reward.id,
        kind: reward.kind,
        campaignId: campaign.id,
        campaign: campaign.name,
        amount: reward.amount as Cents,
        currency: reward.currency,
        status: statusOf(reward, campaign, now),
        paid: reward.paid,
        betId: reward.betId,
        grantedAt: reward.grantedAt.toISOString(),
        grantedBy: reward.grantedBy,
        expiresAt: reward.expiresAt.toISOString(),
      }));
    },

    /** The client joins an opt-in campaign (`POST /api/v1/bonuses/opt-in`). */
    optIn: (client: RewardClient, campaignId: number) => eligibility.optIn(client, campaignId),

    /** A client's rewards, newest first, as `GET /api/v1/bonuses` shows them (a bonus past its expiry forfeited). */
    async rewardsOf(client: RewardClient) {
      const userId = client.id;
      await deps.bonusMoney?.expire({ appId: client.appId, userId, currency: client.currencyIso });
      await ensureBoosts(client);
      await eligibility.ensureNewClientRewards(client);
      const now = clock.now();
      const rows = await repo.rewardsOf(userId, 100);
      const bonuses = rows.filter((x) => x.reward.kind === 'bonus');
      const wagering = bonuses.length ? await bonusMoney().wagering(bonuses) : new Map();
      const offers = (await deps.cashback?.offers(client)) ?? [];
      const unclaimed = offers.map((o) => ({
        id: 0,
        kind: 'cashback' as const,
        amount: cents(o.amount),
        currency: client.currencyIso,
        minOdds: 1,
        expiresAt: new Date(o.claimUntil).toISOString(),
        status: 'available' as const,
        betId: null,
        paid: cents(0),
        campaign: o.campaign.name,
        terms: o.campaign.terms as RewardTerms,
        campaignId: o.campaign.id,
        claimableAt: new Date(o.end).toISOString(),
      }));
      return [
        ...unclaimed,
        ...(await eligibility.offers(client)),
        ...rows.map(({ reward, campaign }) => ({
          id: reward.id,
          kind: reward.kind,
          amount: reward.amount as Cents,
          currency: reward.currency,
          minOdds: reward.minOddsThousandths / 1000,
          expiresAt: reward.expiresAt.toISOString(),
          status: statusOf(reward, campaign, now),
          betId: reward.betId,
          paid: reward.paid,
          campaign: campaign.name,
          terms: campaign.terms as RewardTerms,
          campaignId: reward.campaignId,
          ...(wagering.has(reward.id) ? { wagering: wagering.get(reward.id) } : {}),
          ...(reward.kind === 'odds_boost' ? { remainingStake: remainingStake(reward) } : {}),
        })),
      ];
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
