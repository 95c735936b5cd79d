import { describe, expect, it } from 'vitest';
import type { FixtureEvent } from '@sb/contract';
import { crestSvg, incidentMinute, initialsColour, statsHtml, trackerHtml } from './widgets.view';

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

describe('tracker minutes', () => {
  it.each([
    [{ minute: 12, period: 1 as const }, "12'"],
    [{ minute: 47, period: 1 as const }, "45+2'"],
    [{ minute: 46, period: 2 as const }, "46'"],
    [{ minute: 93, period: 2 as const }, "90+3'"],
    // Other sports (and incidents stored before halves were kept): the number as it is.
    [{ minute: 3 }, "3'"],
  ])('%o reads %s', (i, label) => {
    expect(incidentMinute({ type: 'goal', team: 'home', text: '', ...i })).toBe(label);
  });

  it('lists the latest incidents newest first with their half', () => {
    const html = trackerHtml(
      event,
      [
        { minute: 44, type: 'corner', team: 'home', text: '', period: 1 },
        { minute: 47, type: 'yellow', team: 'away', text: '', period: 1 },
        { minute: 48, type: 'break', team: null, text: '', period: 1 },
        { minute: 46, type: 'period', team: null, text: '', period: 2 },
      ],
      (k) => k,
    );
    const items = [...html.matchAll(/<li data-period="(\d)">([^<]*)<\/li>/g)].map(
      (m) => `${m[1]} ${m[2]!.replaceAll('&#39;', "'")}`,
    );
    expect(items).toEqual([
      "2 46' incident.period",
      "1 45+3' incident.break",
      "1 45+2' incident.yellow",
      "1 44' incident.corner",
    ]);
  });
});
