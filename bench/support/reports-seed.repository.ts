// The reports bench's data (issue 35 §4), generated in PostgreSQL with generate_series: brands' clients, events
// over sports and competitions, a year of bets with their legs, casino providers, games, sessions and the seamless
// wallet's rows, and a few self-exclusions. Deterministic (hash-based), no client round trip per row.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database';

export interface SeedSize {
  bets: number;
  clients: number;
  events: number;
  casinoRounds: number;
  /** The year's first instant. */
  from: Date;
}

/** A number in [0, n) from a row's number and a salt (stable across runs). */
const pick = (g: string, salt: number, n: number) =>
  sql.raw(`((hashint8((${g})::bigint * 7919 + ${salt})::bigint % ${n} + ${n}) % ${n})`);

export async function seedReports(db: Db, s: SeedSize): Promise<void> {
  const year = sql`${s.from.toISOString()}::timestamptz`;
  await db.execute(sql`
    insert into users (app_id, username, username_key, password_hash, role, created_at, password_changed_at)
    select 1 + ${pick('g', 1, 3)}, 'c' || g, 'c' || g, '-', 'client',
           ${year} + (${pick('g', 2, 525_600)} || ' minutes')::interval, now()
    from generate_series(1, ${s.clients}) g`);
  await db.execute(sql`
    insert into events (id, sub, extended_id, provider_id, sport_id, region_id, competition_id, home_team_id,
                        away_team_id, start_at, created_at, updated_at, data)
    select g, g, 'e' || g, 1, 1 + ${pick('g', 3, 8)}, 1, 1 + ${pick('g', 4, 200)}, 1, 2, now(), now(), now(), '{}'
    from generate_series(1, ${s.events}) g`);
  // Every fifth bet a double; statuses as a book's mix; settled a few hours after placement.
  await db.execute(sql`
    insert into bets (app_id, user_id, type, systems, status, currency, stake_per_bet, placed_stake_per_bet,
                      total_stake, combinations, paid, odds_policy, confirmation_type, idempotency_key,
                      request_hash, created_at, settled_at)
    select 1 + ${pick('g', 5, 3)}, 1 + ${pick('g', 6, s.clients)}, case when g % 5 = 0 then 2 else 1 end, '{}',
           st.status, 'TRY', st.stake, st.stake, st.stake, 1,
           case st.status when 'win' then st.stake * 19 / 10 when 'cashout' then st.stake * 8 / 10
                          when 'refund' then st.stake else 0 end,
           'none', 0, 'k' || g, '-', st.at,
           case when st.status = 'open' then null else st.at + (${pick('g', 7, 600)} || ' minutes')::interval end
    from generate_series(1, ${s.bets}) g,
    lateral (select (array['win', 'loss', 'loss', 'loss', 'win', 'cashout', 'refund', 'open', 'loss', 'win'])
                     [1 + ${pick('g', 8, 10)}] as status,
                    100 * (1 + ${pick('g', 9, 500)}) as stake,
                    ${year} + (${pick('g', 10, 525_600)} || ' minutes')::interval as at) st`);
  await db.execute(sql`
    insert into bet_legs (bet_id, idx, selection_id, event_id, market_type, special, outcome, selection_name,
                          odds_thousandths, is_live, banker)
    select b.id, l.idx, b.id * 4 + l.idx, 1 + ${pick('(b.id * 2 + l.idx)', 11, s.events)},
           (array[1, 1, 18, 2, 8, 14])[1 + ${pick('(b.id * 2 + l.idx)', 12, 6)}], '', '1', '1', 1900, false, false
    from bets b join lateral generate_series(0, b.type - 1) l(idx) on true`);
  await db.execute(sql`
    insert into casino_providers (id, name, is_live, sort)
    select g, 'Provider ' || g, false, g from generate_series(1, 10) g`);
  await db.execute(sql`
    insert into casino_games (id, extended_id, name, provider_id, categories, released_at, rtp_bp, volatility,
                              config, sort)
    select g, 'g' || g, 'Game ' || g, 1 + g % 10, '{}', now(), 9400 + g % 300, 'medium', '{"kind":"slot"}', g
    from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into casino_sessions (id, app_id, user_id, game_id, currency, demo, started_at, last_active_at)
    select 's' || g, 1 + ${pick('g', 13, 3)}, 1 + ${pick('g', 14, s.clients)}, 1 + ${pick('g', 15, 200)}, 'TRY',
           false, now(), now()
    from generate_series(1, ${Math.ceil(s.casinoRounds / 50)}) g`);
  // A bet and its win per round (the win 0 for a lost round), in the round's session.
  await db.execute(sql`
    insert into casino_wallet_transactions (uuid, kind, session_id, app_id, user_id, round, amount, currency,
                                            status, response, created_at)
    select 'r' || g || k.kind, k.kind, 's' || (1 + g % ${Math.ceil(s.casinoRounds / 50)}),
           1 + ${pick('g', 13, 3)}, 1 + ${pick('g', 14, s.clients)}, 'r' || g,
           case when k.kind = 'bet' then 100 else 96 * ${pick('g', 16, 3)} end, 'TRY', 'RS_OK', '{}',
           ${year} + (${pick('g', 17, 525_600)} || ' minutes')::interval
    from generate_series(1, ${s.casinoRounds}) g, (values ('bet'), ('win')) k(kind)`);
  await db.execute(sql`
    insert into gambling_settings (user_id, exclusion_kind, excluded_until, updated_at)
    select g * 97, 'self_exclusion', now() + interval '6 months', ${year} + (g || ' days')::interval
    from generate_series(1, least(300, ${s.clients} / 100)) g`);
  await db.execute(sql`vacuum analyze`);
}

/** The baseline: a plain count of the year's bets over the placement-time index. */
export async function countBets(db: Db, from: Date, to: Date): Promise<number> {
  const rows = await db.execute(
    sql`select count(*)::int as n from bets where created_at >= ${from} and created_at < ${to}`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** The query plan's first line for the baseline (to show it uses the index). */
export async function explainCount(db: Db, from: Date, to: Date): Promise<string> {
  const rows = await db.execute(
    sql`explain select count(*) from bets where created_at >= ${from} and created_at < ${to}`,
  );
  return (rows as unknown as { rows: Record<string, string>[] }).rows
    .map((r) => Object.values(r)[0])
    .join(' / ');
}
