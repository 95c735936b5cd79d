import type { FixtureEvent } from '@sb/contract';

/** An incident as the simulator stores it on the event (newest last). */
export interface StreamIncident {
  minute: number;
  type: string;
  team: 'home' | 'away' | null;
  text: string;
}

/** Looks a text up in the request locale's table. */
export type Translate = (key: string) => string;

/**
 * What the stream page draws, all texts already translated. The ball is where the play is, in pitch
 * percentages: x from the home goal (0) to the away goal (100), y from the top touchline (0) to the bottom.
 */
export interface MatchView {
  eventId: number;
  sportId: number;
  live: boolean;
  ended: boolean;
  home: { name: string; colour: string; score: number };
  away: { name: string; colour: string; score: number };
  /** 37', 45'+2, Halftime, Period 2, FT, or the kick-off time (ISO; the page formats it). */
  clock: string;
  phase: string;
  startDate: string | null;
  ball: { x: number; y: number; moving: boolean };
  /** Who has the play and how dangerous it is: "Dangerous attack · Home FC", "Ball safe". */
  play: string;
  /** The newest incident when it is news (a goal, a card, a corner), for the banner. */
  headline: {
    /** Names the incident: the page shows the banner when it changes (or on load when `recent`). */
    key: string;
    recent: boolean;
    type: string;
    team: 'home' | 'away' | null;
    text: string;
  } | null;
  stats: { label: string; home: number; away: number }[];
  incidents: { minute: string; type: string; team: 'home' | 'away' | null; text: string }[];
}

/** Incidents worth a banner over the pitch. */
const HEADLINE_TYPES = new Set(['goal', 'corner', 'yellow', 'red', 'kickoff', 'break', 'end']);
/** Incidents listed under the pitch ('resume' is about betting, 'point' too frequent to list). */
const LISTED_TYPES = new Set([
  'kickoff',
  'goal',
  'corner',
  'yellow',
  'red',
  'danger',
  'period',
  'break',
  'end',
]);

/** Football minute per spec §4: 45'+n and 90'+n past the end of each half. */
export function footballClock(phase: string, minute: number, t: Translate): string {
  if (phase === 'half_time') return t('phase.half_time');
  if (phase === 'ended') return t('widget.full_time');
  if (phase === 'first_half' && minute > 45) return `45'+${minute - 45}`;
  if (phase === 'second_half' && minute > 90) return `90'+${minute - 90}`;
  return `${Math.max(1, minute)}'`;
}

function clockOf(e: FixtureEvent, t: Translate): string {
  if (e.status === 'ended') return t('widget.full_time');
  if (!e.isLive) return '';
  if (e.sport.id === 1) return footballClock(e.status, e.periodTime, t);
  return `${t('widget.period')} ${Math.max(1, e.periodCounter)}`;
}

/** The phase line under the clock, unless the clock already says it (Halftime, FT). */
function phaseOf(e: FixtureEvent, clock: string, t: Translate): string {
  const phase = t(`phase.${e.status}`);
  return phase.startsWith('phase.') || phase === clock || e.status === 'ended' ? '' : phase;
}

/**
 * Where the ball is after an incident: a side's attack pushes it into the other half, a corner to the flag, a
 * goal into the net, a card to midfield. `minute` varies the spot so that repeated incidents do not stack.
 */
export function ballAfter(last: StreamIncident | undefined): { x: number; y: number } {
  if (!last || !last.team) return { x: 50, y: 50 };
  const towards = (depth: number) => (last.team === 'home' ? 50 + depth : 50 - depth);
  const lane = 20 + ((last.minute * 37) % 60);
  switch (last.type) {
    case 'goal':
      return { x: towards(49), y: 50 };
    case 'corner':
      return { x: towards(49), y: last.minute % 2 === 0 ? 2 : 98 };
    case 'danger':
      return { x: towards(34), y: lane };
    case 'yellow':
    case 'red':
      return { x: towards(8), y: lane };
    default:
      return { x: towards(15), y: lane };
  }
}

/** Whether an incident is still the current play (football minutes; other sports count periods). */
const isRecent = (e: FixtureEvent, last: StreamIncident | undefined): boolean =>
  last !== undefined &&
  (e.sport.id === 1 ? e.periodTime - last.minute <= 1 : last.minute === e.periodCounter);

/** Football: goals, corners and cards; other sports: the score of each period so far. */
function statsOf(e: FixtureEvent, t: Translate): MatchView['stats'] {
  if (e.sport.id !== 1)
    return e.data.stats.map((p) => ({
      label: `${t('widget.period')} ${p.period}`,
      home: p.score.home,
      away: p.score.away,
    }));
  return (['score', 'corner', 'yellow', 'red'] as const).map((k) => ({
    label: t(`widget.stat.${k}`),
    home: e.stat[k].home,
    away: e.stat[k].away,
  }));
}

function playOf(e: FixtureEvent, last: StreamIncident | undefined, t: Translate): string {
  if (e.status === 'ended') return t('incident.end');
  if (!e.isLive) return t('widget.match_not_started');
  if (e.status === 'half_time') return t('phase.half_time');
  if (e.sport.id !== 1) return t('widget.match_in_progress');
  if (!last || !isRecent(e, last) || !last.team) return t('stream.ball_safe');
  const side = last.team === 'home' ? e.home.name : e.away.name;
  const what = last.type === 'danger' ? 'stream.dangerous_attack' : 'stream.attack';
  return `${t(what)} · ${side}`;
}

/** The stream page's state of an event: scoreboard, clock, ball, banner, stats and incident list. */
export function matchView(
  e: FixtureEvent,
  incidents: StreamIncident[],
  colours: { home: string; away: string },
  t: Translate,
): MatchView {
  const last = incidents[incidents.length - 1];
  const newest = [...incidents].reverse().find((i) => HEADLINE_TYPES.has(i.type));
  const ended = e.status === 'ended';
  return {
    eventId: e.id,
    sportId: e.sport.id,
    live: e.isLive,
    ended,
    home: { name: e.home.name, colour: colours.home, score: e.data.score.home },
    away: { name: e.away.name, colour: colours.away, score: e.data.score.away },
    clock: clockOf(e, t),
    phase: phaseOf(e, clockOf(e, t), t),
    startDate: e.isLive || ended ? null : e.startDate,
    // The ball stays where the latest incident put it for about a minute, then play is back in midfield.
    ball: {
      ...(e.isLive && e.status !== 'half_time' && isRecent(e, last) ? ballAfter(last) : { x: 50, y: 50 }),
      moving: e.isLive && e.status !== 'half_time',
    },
    play: playOf(e, last, t),
    headline: newest
      ? {
          key: `${newest.minute}|${newest.type}|${newest.team ?? ''}|${newest.text}`,
          recent: e.isLive && e.periodTime - newest.minute <= 1,
          type: newest.type,
          team: newest.team,
          text: `${t(`incident.${newest.type}`)}${newest.type === 'goal' && newest.text ? ` · ${newest.text}` : ''}`,
        }
      : null,
    stats: statsOf(e, t),
    incidents: [...incidents]
      .filter((i) => LISTED_TYPES.has(i.type))
      .reverse()
      .slice(0, 15)
      .map((i) => ({
        minute: e.sport.id === 1 ? `${i.minute}'` : `${t('widget.period')} ${i.minute}`,
        type: i.type,
        team: i.team,
        text: `${t(`incident.${i.type}`)}${i.type === 'goal' && i.text ? ` · ${i.text}` : ''}`,
      })),
  };
}
