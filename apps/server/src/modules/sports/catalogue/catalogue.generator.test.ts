import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  expectedDurationMs,
  generateDay,
  generateReference,
  type EventRow,
} from './catalogue.generator';

const SEED = 42;
const NOW = Date.UTC(2026, 10, 21, 9, 30);

describe('catalogue generator', () => {
  const ref = generateReference(SEED);
  const day0 = Math.floor(NOW / DAY_MS);
  const events: EventRow[] = [];
  for (let d = day0 - 1; d <= day0 + 7; d++) events.push(...generateDay(SEED, d, 1, ref, NOW));

  it('has 8+ sports with football as 1, 30+ regions with flags, 100+ competitions with some popular', () => {
    expect(ref.sports.length).toBeGreaterThanOrEqual(8);
    expect(ref.sports.find((s) => s.id === 1)?.alias).toBe('football');
    expect(ref.sports.map((s) => s.alias)).toEqual(
      expect.arrayContaining([
        'basketball',
        'tennis',
        'ice-hockey',
        'volleyball',
        'handball',
        'table-tennis',
      ]),
    );
    expect(ref.regions.length).toBeGreaterThanOrEqual(30);
    expect(ref.regions.every((r) => r.flag.length > 0)).toBe(true);
    expect(ref.competitions.length).toBeGreaterThanOrEqual(100);
    expect(ref.competitions.some((c) => c.popular)).toBe(true);
    expect(ref.teams.every((t) => t.players.length > 0 && t.strength >= 0.6 && t.strength <= 1.6)).toBe(true);
  });

  // The default seed had "Monpolis" twice in one league and "Kaspolis" beside "Racing Kaspolis".
  it.each([SEED, 20_261_121])('names the sides of a competition apart (seed %i)', (seed) => {
    const clashes: string[] = [];
    const teams = generateReference(seed).teams.filter((t) => t.players.length > 1);
    for (const a of teams)
      for (const b of teams)
        if (a.id < b.id && a.competitionId === b.competitionId) {
          const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
          if (x.includes(y) || y.includes(x)) clashes.push(`${a.name} / ${b.name}`);
        }
    expect(clashes).toEqual([]);
  });

  it('is deterministic for a seed', () => {
    expect(generateReference(SEED)).toEqual(ref);
    expect(generateDay(SEED, day0 + 2, 1, ref, NOW)).toEqual(generateDay(SEED, day0 + 2, 1, ref, NOW));
    expect(generateDay(SEED + 1, day0 + 2, 1, ref, NOW)).not.toEqual(
      generateDay(SEED, day0 + 2, 1, ref, NOW),
    );
  });

  it('schedules 2,000+ events over the next 7 days with highlights, streams, rids and providers 2 and 5', () => {
    const week = events.filter((e) => e.startAt.getTime() >= NOW && e.startAt.getTime() < NOW + 7 * DAY_MS);
    expect(week.length).toBeGreaterThanOrEqual(2000);
    expect(week.some((e) => e.highlighted)).toBe(true);
    expect(week.some((e) => e.streamEmbed)).toBe(true);
    expect(week.some((e) => e.rid !== null)).toBe(true);
    expect(new Set(week.map((e) => e.providerId))).toEqual(new Set([2, 5]));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('has at least 20 events live at every moment of the day', () => {
    for (let t = NOW; t < NOW + DAY_MS; t += 5 * 60_000) {
      const live = events.filter(
        (e) => e.startAt.getTime() <= t && t < e.startAt.getTime() + expectedDurationMs(e.sportId),
      );
      expect(live.length, new Date(t).toISOString()).toBeGreaterThanOrEqual(20);
    }
  });
});
