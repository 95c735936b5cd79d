import { describe, expect, it } from 'vitest';
import type { FixtureEvent } from '@sb/contract';
import { ballAfter, footballClock, matchView } from './match-view';

const t = (key: string) => ({ 'phase.half_time': 'Halftime', 'widget.full_time': 'FT' })[key] ?? key;

describe('football clock (spec §4)', () => {
  it.each([
    ['first_half', 0, "1'"],
    ['first_half', 37, "37'"],
    ['first_half', 45, "45'"],
    ['first_half', 47, "45'+2"],
    ['half_time', 45, 'Halftime'],
    ['second_half', 90, "90'"],
    ['second_half', 94, "90'+4"],
    ['ended', 90, 'FT'],
  ])('%s minute %i reads %s', (phase, minute, label) => {
    expect(footballClock(phase, minute, t)).toBe(label);
  });
});

describe('ball position after an incident', () => {
  it('puts the play in the half the attacking side attacks', () => {
    expect(ballAfter({ minute: 10, type: 'danger', team: 'home', text: '' }).x).toBeGreaterThan(66);
    expect(ballAfter({ minute: 10, type: 'danger', team: 'away', text: '' }).x).toBeLessThan(34);
  });
  it('sends a goal into the net and a corner to a flag', () => {
    expect(ballAfter({ minute: 3, type: 'goal', team: 'away', text: '' })).toEqual({ x: 1, y: 50 });
    const corner = ballAfter({ minute: 4, type: 'corner', team: 'home', text: '' });
    expect(corner.x).toBe(99);
    expect([2, 98]).toContain(corner.y);
  });
  it('keeps the ball on the centre spot without a side', () => {
    expect(ballAfter(undefined)).toEqual({ x: 50, y: 50 });
    expect(ballAfter({ minute: 0, type: 'kickoff', team: null, text: '' })).toEqual({ x: 50, y: 50 });
  });
});

describe('match view', () => {
  const event = (over: Partial<FixtureEvent>) =>
    ({
      id: 9,
      sport: { id: 1 },
      home: { name: 'Home FC' },
      away: { name: 'Away FC' },
      isLive: true,
      status: 'half_time',
      periodTime: 45,
      periodCounter: 1,
      startDate: '2026-11-21T12:00:00Z',
      data: { score: { home: 1, away: 0 }, stats: [] },
      stat: {
        score: { home: 1, away: 0 },
        corner: { home: 2, away: 1 },
        yellow: { home: 0, away: 0 },
        red: { home: 0, away: 0 },
      },
      ...over,
    }) as unknown as FixtureEvent;
  const t = (key: string) => ({ 'phase.half_time': 'Halftime', 'phase.second_half': '2nd half' })[key] ?? key;

  it('says Halftime once, and the phase under a running clock', () => {
    const half = matchView(event({}), [], { home: '#111111', away: '#eeeeee' }, t);
    expect(half.clock).toBe('Halftime');
    expect(half.phase).toBe('');
    const second = matchView(
      event({ status: 'second_half', periodTime: 93 }),
      [],
      { home: '#1', away: '#2' },
      t,
    );
    expect(second.clock).toBe("90'+3");
    expect(second.phase).toBe('2nd half');
  });

  it('keeps the play where the latest incident put it for a minute, then back to midfield', () => {
    const attack = [{ minute: 60, type: 'danger', team: 'home' as const, text: '' }];
    const now = matchView(
      event({ status: 'second_half', periodTime: 60 }),
      attack,
      { home: '#1', away: '#2' },
      t,
    );
    expect(now.ball.x).toBeGreaterThan(66);
    expect(now.play).toContain('Home FC');
    const later = matchView(
      event({ status: 'second_half', periodTime: 64 }),
      attack,
      { home: '#1', away: '#2' },
      t,
    );
    expect(later.ball).toMatchObject({ x: 50, y: 50, moving: true });
  });
});
