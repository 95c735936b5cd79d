import type { EventMarket, FixtureEvent, Selection } from '@sb/contract';

/** A selection with sensible defaults for display-rule tests. */
export function selection(id: number, odd: number, extra: Partial<Selection> = {}): Selection {
  return {
    id,
    oddId: id,
    outcome: String(id),
    name: String(id),
    value: odd,
    odd,
    order: 0,
    special: '',
    sp: '',
    isDisabled: false,
    active: true,
    isClosed: false,
    closed: false,
    market: 1,
    marketType: 1,
    markets: [1],
    bundle: null,
    maxStake: 10_000,
    result: null,
    ...extra,
  };
}

export function market(
  id: number,
  t: number,
  selections: Selection[],
  extra: Partial<EventMarket> = {},
): EventMarket {
  return { id, t, s: '', a: {}, seq: 1, disabled: false, closed: false, selections, ...extra };
}

const pair = { home: 0, away: 0 };

/** A football event, pre-match, with one 1X2 market (override anything). */
export function fixtureEvent(extra: Partial<FixtureEvent> = {}): FixtureEvent {
  const named = (id: number, name: string) => ({ id, name, nameLn: { name }, order: 1 });
  return {
    id: 100,
    sub: 1100,
    rid: null,
    radarId: null,
    extendedId: 'sim:match:100',
    providerId: 2,
    sport: { ...named(1, 'Football'), sportId: 1, alias: 'football' },
    region: { ...named(2, 'Turkey'), alias: 'turkey', flag: '🇹🇷', countryCode: 'TR' },
    competition: { ...named(1001, 'Super League'), alias: 'super-league', isPopular: true },
    home: { id: 1, eid: 1, name: 'Home FC', nameLn: { name: 'Home FC' }, logo: '/api/v1/team/1/crest.svg' },
    away: { id: 2, eid: 2, name: 'Away FC', nameLn: { name: 'Away FC' }, logo: '/api/v1/team/2/crest.svg' },
    oneName: 'Home FC',
    twoName: 'Away FC',
    startedAt: '2026-11-23T18:00:00.000Z',
    startDate: '2026-11-23T18:00:00.000Z',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    isLive: false,
    onLive: false,
    isSuspended: false,
    highlighted: false,
    minBetLimit: 100,
    marketCount: 40,
    betCount: 0,
    status: 'not_started',
    result: null,
    resultName: null,
    stat: { score: pair, red: pair, yellow: pair, corner: pair },
    data: { score: pair, stats: [] },
    periodTime: 0,
    periodTimeLeft: 0,
    periodCounter: 0,
    roundCounter: 0,
    addedTime: 0,
    ts: 1_000,
    streamEmbed: null,
    markets: [
      market(10, 1, [
        selection(11, 2.1, { outcome: '1', name: '1' }),
        selection(12, 3.4, { outcome: 'X', name: 'X' }),
        selection(13, 3.2, { outcome: '2', name: '2' }),
      ]),
    ],
    ...extra,
  };
}
