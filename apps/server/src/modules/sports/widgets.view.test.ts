import { describe, expect, it } from 'vitest';
import type { FixtureEvent } from '@sb/contract';
import { crestSvg, initialsColour, statsHtml, trackerHtml } from './widgets.view';

const evil = '<script>alert("x")</script>';
const side = { id: 1, eid: 1, name: evil, nameLn: { name: evil }, logo: '' };
const pair = { home: 1, away: 0 };
const event = {
  home: side,
  away: { ...side, name: `O'Brien & "Co"` },
  isLive: true,
  status: 'first_half',
  periodTime: 12,
  addedTime: 0,
  startDate: new Date(0).toISOString(),
  data: { score: pair, stats: [{ period: 1, score: pair, red: pair, yellow: pair, corner: pair }] },
  stat: { score: pair, red: pair, yellow: pair, corner: pair },
} as unknown as FixtureEvent;

describe('widgets', () => {
  it("writes a crest's initials in a colour that reads on its fill", () => {
    expect(initialsColour('#00a3e0', '#6f263d')).toBe('#6f263d');
    expect(initialsColour('#ffffff', '#ffffff')).toBe('#000000');
    expect(initialsColour('#000000', '#101010')).toBe('#ffffff');
    expect(crestSvg('Marford', { primary: '#ffffff', secondary: '#ffffff', shape: 2 })).toContain(
      'fill="#000000">M<',
    );
  });

  it('escapes every piece of data in the tracker, statistics and crest', () => {
    const t = (key: string) => (key === 'widget.stat.corner' ? evil : key);
    for (const html of [
      trackerHtml(event, [{ minute: 3, type: 'goal', team: 'home', text: evil }], t),
      statsHtml(event, t),
      crestSvg(evil, { primary: 'red" onload="x', secondary: '#fff', shape: 1 }),
    ]) {
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('onload="x');
    }
  });
});
