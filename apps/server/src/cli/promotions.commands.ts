import type { Command } from './command';
import { requireFlag } from './command';
import { appOf } from './identity.commands';

/** A whole number flag, or an error naming it. */
function intFlag(flags: Record<string, string>, name: string, fallback?: number): number {
  const raw = flags[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(requireFlag(flags, name));
  if (!Number.isSafeInteger(value)) throw new Error(`--${name}: a whole number`);
  return value;
}

/** Promotions from the command line: the same engine (and validator, and audit line) as the desk's. */
export const promotionCommands: Record<string, Command> = {
  'promotion:cashback': {
    summary:
      'create a sports cashback campaign in the promotions engine: --app ID|HOST --name N (--percent 10 | --bp 1250) --max MINOR [--days 7] --from ISO --to ISO',
    async run(modules, flags, print) {
      requireFlag(flags, 'app');
      const { id } = await appOf(modules, flags);
      const rate =
        flags.bp !== undefined
          ? { basisPoints: intFlag(flags, 'bp') }
          : { percent: intFlag(flags, 'percent') };
      const campaign = await modules.promotions.service.create(
        { username: 'cli', brandId: null },
        {
          kind: 'cashback',
          brandId: id,
          name: requireFlag(flags, 'name'),
          terms: {
            product: 'sport',
            ...rate,
            maxAmount: intFlag(flags, 'max'),
            expiresInDays: intFlag(flags, 'days', 7),
          },
          startsAt: requireFlag(flags, 'from'),
          endsAt: requireFlag(flags, 'to'),
        },
        (tx, entry) =>
          modules.ops.audit.record({ actor: { username: 'cli' }, ...entry, outcome: 'ok', status: 200 }, tx),
      );
      print(`created cashback campaign ${campaign.id} (${campaign.startsAt} – ${campaign.endsAt})`);
    },
  },
};
