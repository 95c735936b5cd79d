import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { events, markets, selections } from '../sports.tables';
import type { EventRecord } from '../sports.repository';
import type { EventRow } from '../catalogue/catalogue.generator';
import { virtualRounds } from '../virtual.tables';
import { VIRTUAL_FOOTBALL } from '../pricing/event-pricing';

export type VirtualRoundRecord = typeof virtualRounds.$inferSelect;

/** The virtual sport's events (every query on events here is narrowed to them). */
const virtual = eq(events.sportId, VIRTUAL_FOOTBALL);

/** The only SQL of virtual football: rounds, and the virtual sport's events by round and league. */
export function createVirtualRepository(db: DbOrTx) {
  return {
    async latestRound(): Promise<VirtualRoundRecord | undefined> {
      const [row] = await db.select().from(virtualRounds).orderBy(desc(virtualRounds.id)).limit(1);
      return row;
    },
    /** The next round still to kick off after `now`, if one is scheduled. */
    async nextScheduled(now: Date): Promise<VirtualRoundRecord | undefined> {
      const [row] = await db
        .select()
        .from(virtualRounds)
        .where(gt(virtualRounds.kickoffAt, now))
        .orderBy(asc(virtualRounds.kickoffAt), asc(virtualRounds.id))
        .limit(1);
      return row;
    },
    /** Rounds kicked off at or before `now`, newest first. */
    async startedRounds(now: Date, limit: number): Promise<VirtualRoundRecord[]> {
      return db
        .select()
        .from(virtualRounds)
        .where(lte(virtualRounds.kickoffAt, now))
        .orderBy(desc(virtualRounds.kickoffAt), desc(virtualRounds.id))
        .limit(limit);
    },
    async scheduledRounds(now: Date, limit: number): Promise<VirtualRoundRecord[]> {
      return db
        .select()
        .from(virtualRounds)
        .where(gt(virtualRounds.kickoffAt, now))
        .orderBy(asc(virtualRounds.kickoffAt), asc(virtualRounds.id))
        .limit(limit);
    },
    /** Inserts a round and its matches; false when the round exists already (nothing written). */
    insertRound: (round: VirtualRoundRecord, rows: EventRow[]) => insertRound(db, round, rows),
    /** Moves a round's kick-off (operator "start now"): the round and its matches not started yet. */
    moveKickoff: (roundId: number, eventIds: number[], kickoffAt: Date) =>
      moveKickoff(db, roundId, eventIds, kickoffAt),
    /** Virtual matches that have kicked off (or are due) and not ended: the rounds in play. */
    inPlay: (now: Date) => inPlay(db, now),
    eventsBetween: (firstId: number, lastId: number, leagueId?: number) =>
      eventsBetween(db, firstId, lastId, leagueId),
    /** Finished matches of a league between two event ids (a season's rounds): the standings' input. */
    endedBetween: (leagueId: number, firstId: number, lastId: number) =>
      endedBetween(db, leagueId, firstId, lastId),
    /** Rounds whose every match has ended, newest first. */
    endedRounds: (now: Date, limit: number) => endedRounds(db, now, limit),
    /** Deletes finished virtual matches (with their markets) and rounds that kicked off before `before`. */
    purge: (before: Date, keepRoundId: number) => purge(db, before, keepRoundId),
  };
}

/** Inserts a round and its matches; false when the round exists already (nothing written). */
async function insertRound(db: DbOrTx, round: VirtualRoundRecord, rows: EventRow[]): Promise<boolean> {
  const claimed = await db.insert(virtualRounds).values(round).onConflictDoNothing().returning();
  if (claimed.length === 0) return false;
  await db.insert(events).values(rows).onConflictDoNothing();
  return true;
}

/** Moves a round's kick-off (operator "start now"): the round and its matches not started yet. */
async function moveKickoff(db: DbOrTx, roundId: number, eventIds: number[], kickoffAt: Date): Promise<void> {
  await db.update(virtualRounds).set({ kickoffAt }).where(eq(virtualRounds.id, roundId));
  await db
    .update(events)
    .set({ startAt: kickoffAt, sim: null, updatedAt: kickoffAt })
    .where(and(inArray(events.id, eventIds), eq(events.status, 'not_started')));
}

/** Virtual matches that have kicked off (or are due) and not ended: the rounds in play. */
async function inPlay(db: DbOrTx, now: Date): Promise<EventRecord[]> {
  return db
    .select()
    .from(events)
    .where(and(virtual, lte(events.startAt, now), inArray(events.status, ['not_started', 'live'])))
    .orderBy(asc(events.id));
}

/** Virtual matches between two event ids (a round's or a season's), of one league when given. */
async function eventsBetween(
  db: DbOrTx,
  firstId: number,
  lastId: number,
  leagueId?: number,
): Promise<EventRecord[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        virtual,
        gte(events.id, firstId),
        lte(events.id, lastId),
        leagueId === undefined ? undefined : eq(events.competitionId, leagueId),
      ),
    )
    .orderBy(asc(events.id));
}

/** Finished matches of a league between two event ids (a season's rounds): the standings' input. */
async function endedBetween(db: DbOrTx, leagueId: number, firstId: number, lastId: number) {
  return db
    .select({
      homeTeamId: events.homeTeamId,
      awayTeamId: events.awayTeamId,
      data: events.data,
    })
    .from(events)
    .where(
      and(
        virtual,
        eq(events.competitionId, leagueId),
        eq(events.status, 'ended'),
        gte(events.id, firstId),
        lte(events.id, lastId),
      ),
    );
}

/** Rounds whose every match has ended, newest first. */
async function endedRounds(db: DbOrTx, now: Date, limit: number): Promise<VirtualRoundRecord[]> {
  const open = db
    .select({ round: sql<number>`1` })
    .from(events)
    .where(
      and(
        virtual,
        ne(events.status, 'ended'),
        sql`${events.id} >= 900000000 + ${virtualRounds.id} * 32`,
        sql`${events.id} < 900000000 + (${virtualRounds.id} + 1) * 32`,
      ),
    );
  return db
    .select()
    .from(virtualRounds)
    .where(and(lte(virtualRounds.kickoffAt, now), sql`not exists (${open})`))
    .orderBy(desc(virtualRounds.id))
    .limit(limit);
}

/** Deletes finished virtual matches (with their markets) and rounds that kicked off before `before`. */
async function purge(db: DbOrTx, before: Date, keepRoundId: number): Promise<number> {
  const old = and(virtual, eq(events.status, 'ended'), lt(events.startAt, before));
  const ids = db.select({ id: events.id }).from(events).where(old);
  await db.delete(selections).where(inArray(selections.eventId, ids));
  await db.delete(markets).where(inArray(markets.eventId, ids));
  const deleted = await db.delete(events).where(old).returning({ id: events.id });
  // The latest round stays: round numbers (and so event ids) continue from it.
  await db
    .delete(virtualRounds)
    .where(and(lt(virtualRounds.kickoffAt, before), lt(virtualRounds.id, keepRoundId)));
  return deleted.length;
}

export type VirtualRepository = ReturnType<typeof createVirtualRepository>;
