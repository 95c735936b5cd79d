import { describe, expect, it } from 'vitest';
import { ballAfter, footballClock } from './match-view';

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
