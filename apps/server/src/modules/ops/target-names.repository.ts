import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { marketNames, selectionNames } from './desk-names';
import type { MarketNamer } from './ticker';

/**
 * The names behind the ids of the desk's limit and override rows (issue 34 §5: names, not ids): a brand's name, a
 * sport's, an event's teams, a market's event and name with its line, a selection's event, market and outcome, in
 * both languages. Read-only SQL over the sports and tenancy tables, like `results.repository.ts`.
 */
type Names = { en: string; tr: string };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const both = (text: string): Names => ({ en: text, tr: text });
const joined = (...parts: Names[]): Names => ({
  en: parts.map((p) => p.en).join(' · '),
  tr: parts.map((p) => p.tr).join(' · '),
});

export type TargetLevel = 'sport' | 'event' | 'market' | 'selection';

/** `list` as a SQL list of ids, each once. */
const ids = (list: number[]) =>
  sql.join(
    [...new Set(list)].map((id) => sql`${id}`),
    sql`, `,
  );
const teams = sql`coalesce(th.name, '') || ' – ' || coalesce(ta.name, '')`;

export function createTargetNamesRepository(db: Db, marketName: MarketNamer) {
  return {
    /** Brand names by id. */
    async brands(list: number[]): Promise<Map<number, string>> {
      if (list.length === 0) return new Map();
      const rows = rowsOf<{ id: number; name: string }>(
        await db.execute(sql`select id, name from apps where id in (${ids(list)})`),
      );
      return new Map(rows.map((r) => [Number(r.id), r.name]));
    },

    /** The names of one level's targets by id (an id with no row is left out: the desk shows the id then). */
    async of(level: TargetLevel, list: number[]): Promise<Map<number, Names>> {
      if (list.length === 0) return new Map();
      if (level === 'sport') return sportNames(db, list);
      if (level === 'event') return eventNames(db, list);
      if (level === 'market') return marketTargetNames(db, marketName, list);
      return selectionTargetNames(db, marketName, list);
    },
  };
}

/** Sports' names by id. */
async function sportNames(db: Db, list: number[]): Promise<Map<number, Names>> {
  const rows = rowsOf<{ id: number; name_en: string; name_tr: string }>(
    await db.execute(sql`select id, name_en, name_tr from sports where id in (${ids(list)})`),
  );
  return new Map(rows.map((r) => [Number(r.id), { en: r.name_en, tr: r.name_tr }]));
}

/** Events' teams by id (the same in both languages). */
async function eventNames(db: Db, list: number[]): Promise<Map<number, Names>> {
  const rows = rowsOf<{ id: number; teams: string }>(
    await db.execute(sql`select e.id, ${teams} as teams from events e
            left join teams th on th.id = e.home_team_id left join teams ta on ta.id = e.away_team_id
            where e.id in (${ids(list)})`),
  );
  return new Map(rows.map((r) => [Number(r.id), both(r.teams)]));
}

/** Markets' event teams and name with its line, by id. */
async function marketTargetNames(
  db: Db,
  marketName: MarketNamer,
  list: number[],
): Promise<Map<number, Names>> {
  const rows = rowsOf<{ id: number; t: number; s: string; teams: string }>(
    await db.execute(sql`select m.id, m.t, m.s, ${teams} as teams from markets m
            join events e on e.id = m.event_id
            left join teams th on th.id = e.home_team_id left join teams ta on ta.id = e.away_team_id
            where m.id in (${ids(list)})`),
  );
  return new Map(
    rows.map((r) => [Number(r.id), joined(both(r.teams), marketNames(marketName, Number(r.t), r.s))]),
  );
}

/** Selections' event teams, market and outcome, by id. */
async function selectionTargetNames(
  db: Db,
  marketName: MarketNamer,
  list: number[],
): Promise<Map<number, Names>> {
  const rows = rowsOf<{ id: number; outcome: string; name: string; t: number; s: string; teams: string }>(
    await db.execute(sql`select s.id, s.outcome, s.name, m.t, m.s, ${teams} as teams from selections s
          join markets m on m.id = s.market_id join events e on e.id = s.event_id
          left join teams th on th.id = e.home_team_id left join teams ta on ta.id = e.away_team_id
          where s.id in (${ids(list)})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      joined(
        both(r.teams),
        marketNames(marketName, Number(r.t), r.s),
        selectionNames(r.outcome, r.name, r.s),
      ),
    ]),
  );
}

export type TargetNamesRepository = ReturnType<typeof createTargetNamesRepository>;
