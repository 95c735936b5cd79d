import type { Db } from '../../db/database';
import { createClientDeskRepository } from './client-desk.repository';
import type { DeskRepository } from './desk.repository';
import type { Risk } from './risk';
import { tickerBets, type MarketNamer } from './ticker';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Statuses of a bet whose money is final (rejected and cancelled bets returned their stake: no revenue). */
const SETTLED = ['win', 'loss', 'refund', 'cashout'];

/**
 * The back office's client page, read-only over the identity, wallet, betting and limits
 * modules' tables (the desk's reporting exception, desk.repository.ts): profile, balances, open and settled
 * bets, transactions, responsible-gambling state, GGR, and the client's risk settings and effective limits.
 */
export function createClientDesk(deps: ClientDeskDeps) {
  const repo = createClientDeskRepository(deps.db);
  return {
    /** The client's brand, or null for an unknown client (a brand-scoped operator's 404). */
    clientBrand: (id: number) => deps.desk.clientBrand(id),

    page: (userId: number) => clientPage(deps, repo, userId),
  };
}

type ClientDeskDeps = {
  db: Db;
  desk: DeskRepository;
  risk: Risk;
  marketName: MarketNamer;
};
type ClientDeskRepository = ReturnType<typeof createClientDeskRepository>;

/** One client's page, or null for an unknown client. The reads run one after another, in the page's order. */
async function clientPage(deps: ClientDeskDeps, repo: ClientDeskRepository, userId: number) {
  const profile = await repo.profile(userId);
  if (!profile) return null;
  const { balances, debts, transactions, sports, casino } = await clientLedger(repo, userId);
  const responsibleGambling = await clientGambling(repo, userId);
  const appId = Number(profile.app_id);
  const [open, settled] = await Promise.all([
    tickerBets(deps.desk, deps.marketName, {
      limit: 50,
      clientId: userId,
      statuses: ['waiting', 'pending'],
    }),
    tickerBets(deps.desk, deps.marketName, {
      limit: 50,
      clientId: userId,
      statuses: [...SETTLED, 'rejected', 'cancelled'],
    }),
  ]);
  const stakes = Number(sports?.stakes ?? 0);
  const paid = Number(sports?.paid ?? 0);
  return {
    client: {
      id: userId,
      brand: { id: appId, name: String(profile.brand ?? '') },
      username: String(profile.username),
      name: `${String(profile.first_name ?? '')} ${String(profile.last_name ?? '')}`.trim(),
      email: String(profile.email ?? ''),
      currency: String(profile.currency_iso),
      language: String(profile.language),
      createdAt: iso(profile.created_at),
    },
    balances: balances.map((b) => ({ kind: b.kind, currency: b.currency, balance: Number(b.balance) })),
    /** Owed to the house per currency (minor units, > 0): repaid from the next deposits and winnings. */
    debt: debts.map((d) => ({ currency: d.currency, owed: Number(d.owed) })).filter((d) => d.owed > 0),
    risk: await deps.risk.client(userId),
    stakeLimits: await deps.risk.limits('stake', appId),
    responsibleGambling,
    ggr: {
      sports: { bets: Number(sports?.bets ?? 0), stakes, paid, ggr: stakes - paid },
      casino: { stakes: Number(casino?.stakes ?? 0), ggr: Number(casino?.ggr ?? 0) },
    },
    openBets: open,
    settledBets: settled,
    transactions,
  };
}

/** The client's balances, debts, last transactions and sports and casino totals from the ledger and bets. */
async function clientLedger(repo: ClientDeskRepository, userId: number) {
  const balances = await repo.balances(userId);
  const debts = await repo.debts(userId);
  const transactions = (await repo.transactions(userId)).map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    account: String(r.kind),
    amount: Number(r.amount),
    balanceAfter: r.balance_after == null ? null : Number(r.balance_after),
    at: iso(r.created_at),
  }));
  const sports = await repo.betTotals(userId, SETTLED);
  const casino = await repo.casinoTotals(userId);
  return { balances, debts, transactions, sports, casino };
}

/** The client's responsible-gambling state: their limits, reality check and exclusion. */
async function clientGambling(repo: ClientDeskRepository, userId: number) {
  const limits = (await repo.gamblingLimits(userId)).map((r) => ({
    type: String(r.type),
    period: String(r.period),
    amount: r.amount == null ? null : Number(r.amount),
    pendingAmount: r.pending_amount == null ? null : Number(r.pending_amount),
    pendingFrom: r.pending_from == null ? null : iso(r.pending_from),
  }));
  const settings = await repo.gamblingSettings(userId);
  return {
    limits,
    realityCheckMinutes:
      settings?.reality_check_minutes == null ? null : Number(settings.reality_check_minutes),
    exclusion:
      settings?.exclusion_kind != null
        ? { kind: String(settings.exclusion_kind), until: iso(settings.excluded_until) }
        : null,
  };
}

export type ClientDesk = ReturnType<typeof createClientDesk>;
