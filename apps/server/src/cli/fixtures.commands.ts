import type { OperatorCommand } from '../modules/fixtures/index';
import type { Command, Flags, Modules } from './commands';
import { requireFlag } from './commands';

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
  await modules.fixtures.service.eventRecord(id);
  const outcome = await modules.fixtures.command(id, command, args);
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

export const fixtureCommands: Record<string, Command> = {
  'fixture:list': {
    summary: 'list events: [--status live|not_started|ended] [--limit 20]',
    async run(modules, flags, print) {
      const status = flags.status ?? 'live';
      if (!['live', 'not_started', 'ended'].includes(status))
        throw new Error('--status must be live, not_started or ended');
      const ref = await modules.fixtures.catalogue.reference();
      const list = await modules.fixtures.operatorEvents(
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
  'fixture:result': simple(
    'result',
    'end an event with a result set by hand: --event ID --home 2 --away 1',
    (flags) => ({
      home: Number(requireFlag(flags, 'home')),
      away: Number(requireFlag(flags, 'away')),
    }),
  ),
};
