import type { Command, Flags, Modules } from './command';
import { requireFlag } from './command';

const idFlag = (flags: Flags, name = 'id'): number => {
  const id = Number(requireFlag(flags, name));
  if (!Number.isInteger(id) || id <= 0) throw new Error(`--${name} must be a whole number above 0`);
  return id;
};

const boolFlag = (flags: Flags, name: string): boolean | undefined => {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new Error(`--${name} takes true or false`);
  return value === 'true';
};

function categoriesFlag(flags: Flags): number[] | undefined {
  if (flags.categories === undefined) return undefined;
  const list = flags.categories.split(',').map(Number);
  if (list.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error('--categories is a comma list of ids');
  return list;
}

function dateFlag(flags: Flags, name: string): Date | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()))
    throw new Error(`--${name} is YYYY-MM-DD`);
  return date;
}

const defined = <T extends object>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

async function listGames(modules: Modules, flags: Flags, print: (line: string) => void) {
  const provider = flags.provider ? idFlag(flags, 'provider') : undefined;
  print('id\textended_id\tname\tprovider\trtp\tvolatility\tcategories\tpopular\tenabled\treleased');
  // Every game, listed or not: the operator sees what players do not.
  for (const { game: g, provider: p } of await modules.casino.catalogueRepository.allGames(provider)) {
    print(
      `${g.id}\t${g.extendedId}\t${g.name}\t${p.name}\t${(g.rtpBp / 100).toFixed(2)}\t${g.volatility}\t${g.categories.join(',')}\t${g.isPopular}\t${g.enabled}\t${g.releasedAt.toISOString().slice(0, 10)}`,
    );
  }
}

/** Operator commands of the casino catalogue: list and edit providers and games. */
export const casinoCommands: Record<string, Command> = {
  'casino:providers': {
    summary: 'list casino providers (studios) with their flags',
    async run(modules, _flags, print) {
      print('id\tname\tlive\tenabled');
      for (const p of await modules.casino.catalogueRepository.allProviders())
        print(`${p.id}\t${p.name}\t${p.isLive}\t${p.enabled}`);
    },
  },
  'casino:games': {
    summary: 'list casino games: [--provider ID]',
    run: listGames,
  },
  'casino:game': {
    summary:
      'edit a game: --id N [--name NAME] [--popular true|false] [--enabled true|false] [--demo true|false] [--categories 70,75] [--released YYYY-MM-DD]',
    async run(modules, flags, print) {
      const id = idFlag(flags);
      const patch = defined({
        name: flags.name,
        isPopular: boolFlag(flags, 'popular'),
        enabled: boolFlag(flags, 'enabled'),
        demo: boolFlag(flags, 'demo'),
        categories: categoriesFlag(flags),
        releasedAt: dateFlag(flags, 'released'),
      });
      if (Object.keys(patch).length === 0) throw new Error('nothing to change: pass at least one flag');
      if (!(await modules.casino.catalogueRepository.updateGame(id, patch))) throw new Error(`no game ${id}`);
      print(`game ${id} updated: ${Object.keys(patch).join(', ')}`);
    },
  },
  'casino:provider': {
    summary: 'edit a provider: --id N [--name NAME] [--live true|false] [--enabled true|false]',
    async run(modules, flags, print) {
      const id = idFlag(flags);
      const patch = defined({
        name: flags.name,
        isLive: boolFlag(flags, 'live'),
        enabled: boolFlag(flags, 'enabled'),
      });
      if (Object.keys(patch).length === 0) throw new Error('nothing to change: pass at least one flag');
      if (!(await modules.casino.catalogueRepository.updateProvider(id, patch)))
        throw new Error(`no provider ${id}`);
      print(`provider ${id} updated: ${Object.keys(patch).join(', ')}`);
    },
  },
};
