import { ResultInputError, type ResultInput } from '../modules/sports/index';
import type { OperatorCommand } from '../modules/producer/index';
import type { Command, Flags, Modules } from './command';
import { requireFlag } from './command';

function eventId(flags: Flags): number {
  const id = Number(requireFlag(flags, 'event'));
  if (!Number.isInteger(id) || id <= 0) throw new Error('--event must be an event id');
  return id;
}

/** Queues a command for the simulator leader and waits a little for it to be applied. */
async function send(
  modules: Modules,
  id: number,
  command: OperatorCommand,
  args: Record<string, unknown>,
  print: (line: string) => void,
) {
  await modules.sports.service.eventRecord(id);
  const outcome = await modules.producer.command(id, command, args);
  if (outcome.status === 'failed') print(`command ${outcome.id} failed: ${outcome.error}`);
  else if (outcome.status === 'applied') print(`command ${outcome.id} (${command}) applied to event ${id}`);
  else
    print(
      `command ${outcome.id} (${command}) queued for event ${id}; the server leading the simulator applies it on its next tick`,
    );
}

const simple = (
  command: OperatorCommand,
  summary: string,
  args: (flags: Flags) => Record<string, unknown> = () => ({}),
): Command => ({
  summary,
  run: (modules, flags, print) => send(modules, eventId(flags), command, args(flags), print),
});

/** Queues a virtual football round command for the simulator leader and reports its outcome. */
const roundCommand = (command: 'round_start' | 'round_finish', summary: string): Command => ({
  summary,
  async run(modules, _flags, print) {
    const outcome = await modules.producer.command(0, command, {});
    if (outcome.status === 'failed') throw new Error(`command ${outcome.id} failed: ${outcome.error}`);
    print(
      outcome.status === 'applied'
        ? `command ${outcome.id} (${command}) applied`
        : `command ${outcome.id} (${command}) queued; the server leading the simulator applies it on its next tick`,
    );
  },
});

export const fixtureCommands: Record<string, Command> = {
  'virtual:start': roundCommand('round_start', 'virtual football: kick the next round off now'),
  'virtual:finish': roundCommand(
    'round_finish',
    'virtual football: play every match in play to its end at once (settled as usual)',
  ),
  'virtual:standings': {
    summary: 'virtual football: a league table: --league ID [--season N]',
    async run(modules, flags, print) {
      const league = Number(requireFlag(flags, 'league'));
      const season = flags.season === undefined ? undefined : Number(flags.season);
      const table = await modules.producer.virtual.standings(league, season);
      print(`league ${table.leagueId} season ${table.season}`);
      print('pos\tteam\tP\tW\tD\tL\tGF\tGA\tGD\tPts');
      for (const r of table.rows)
        print(
          `${r.position}\t${r.name}\t${r.played}\t${r.won}\t${r.drawn}\t${r.lost}\t${r.goalsFor}\t${r.goalsAgainst}\t${r.goalDifference}\t${r.points}`,
        );
    },
  },
  'fixture:list': {
    summary: 'list events: [--status live|not_started|ended] [--limit 20]',
    async run(modules, flags, print) {
      const status = flags.status ?? 'live';
      if (!['live', 'not_started', 'ended'].includes(status))
        throw new Error('--status must be live, not_started or ended');
      const ref = await modules.sports.catalogue.reference();
      const list = await modules.producer.operatorEvents(
        [status],
        Math.min(500, Number(flags.limit ?? '20') || 20),
      );
      for (const e of list) {
        const teams = `${ref.teams.get(e.homeTeamId)?.name ?? '?'} - ${ref.teams.get(e.awayTeamId)?.name ?? '?'}`;
        const score = `${e.data.score.home}:${e.data.score.away}`;
        print(
          `${e.id}\t${ref.sports.get(e.sportId)?.alias ?? e.sportId}\t${e.startAt.toISOString()}\t${e.phase}\t${e.periodTime}'\t${score}\tx${e.speed}${e.paused ? ' paused' : ''}\t${teams}`,
        );
      }
      if (list.length === 0) print(`no ${status} events`);
    },
  },
  'fixture:start': simple('start', 'kick off an event now: --event ID'),
  'fixture:pause': simple('pause', 'pause a simulated event: --event ID'),
  'fixture:resume': simple('resume', 'resume a paused event: --event ID'),
  'fixture:speed': simple('speed', 'set the speed factor: --event ID --factor 10', (flags) => ({
    factor: Number(requireFlag(flags, 'factor')),
  })),
  'fixture:finish': simple('finish', 'play an event to its end at once: --event ID'),
  'fixture:result': {
    summary:
      'end an event with a result set by hand and settle it: --event ID, football --home 2 --away 1 ' +
      '[--ht-home 1 --ht-away 0] [--goals "12:h:PLAYER,55:a,80:h:PLAYER"]; period sports --periods "25:23,22:25,25:20,25:18" ' +
      '(or --home/--away: points, or sets won). Markets the input cannot decide are voided.',
    async run(modules, flags, print) {
      const id = eventId(flags);
      const input = resultInput(flags);
      await modules.sports.service.eventRecord(id);
      try {
        await modules.producer.checkResult(id, input);
      } catch (e) {
        if (e instanceof ResultInputError) throw new Error(`--${flagName(e.field)}: ${e.message}`);
        throw e;
      }
      await send(modules, id, 'result', input as Record<string, unknown>, print);
      const summary = await modules.producer.resultSummary(id);
      const list = (markets: { t: number; s: string }[]) =>
        markets.map((m) => (m.s ? `${m.t}(${m.s})` : String(m.t))).join(' ') || '-';
      if (summary.settled.length + summary.voided.length > 0) {
        print(`settled ${summary.settled.length} markets: ${list(summary.settled)}`);
        print(`voided ${summary.voided.length} markets: ${list(summary.voided)}`);
      }
    },
  },
};

const count = (flags: Flags, name: string): number | undefined => {
  const raw = flags[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, 0 or more`);
  return n;
};

/** The CLI's flags → the result command's fields (the ops API takes the same JSON). */
function resultInput(flags: Flags): ResultInput {
  const input: ResultInput = {};
  const home = count(flags, 'home');
  const away = count(flags, 'away');
  const htHome = count(flags, 'ht-home');
  const htAway = count(flags, 'ht-away');
  if (home !== undefined) input.home = home;
  if (away !== undefined) input.away = away;
  if (htHome !== undefined) input.htHome = htHome;
  if (htAway !== undefined) input.htAway = htAway;
  if (flags.goals !== undefined)
    input.goals = flags.goals
      .split(',')
      .filter((g) => g.trim() !== '')
      .map((g, i) => {
        const [minute, team, player] = g.trim().split(':');
        if (team !== 'h' && team !== 'a')
          throw new Error(`--goals: goal ${i + 1} needs minute:h|a[:playerId]`);
        const goal: NonNullable<ResultInput['goals']>[number] = { minute: Number(minute), team };
        if (player) goal.playerId = Number(player);
        return goal;
      });
  if (flags.periods !== undefined)
    input.periods = flags.periods.split(',').map((p, i) => {
      const [h, a] = p.trim().split(':').map(Number);
      if (!Number.isInteger(h) || !Number.isInteger(a))
        throw new Error(`--periods: period ${i + 1} must be H:A`);
      return { home: h!, away: a! };
    });
  if (input.periods === undefined && (home === undefined || away === undefined))
    throw new Error('--home and --away are required (or --periods for a period sport)');
  return input;
}

/** The input field a validation error names → the CLI flag. */
const flagName = (field: string) =>
  ({ htHome: 'ht-home', htAway: 'ht-away' })[field] ?? field.split('.')[0] ?? field;
