import type { Command, Flags } from './command';
import { appCommands } from './app.commands';
import { identityCommands } from './identity.commands';
import { walletCommands } from './wallet.commands';
import { fixtureCommands } from './fixtures.commands';
import { casinoCommands } from './casino.commands';
import { promotionCommands } from './promotions.commands';

/** Every operator command; each area adds its own file of commands here. */
export const COMMANDS: Record<string, Command> = {
  ...appCommands,
  ...identityCommands,
  ...walletCommands,
  ...fixtureCommands,
  ...casinoCommands,
  ...promotionCommands,
};

export function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`unexpected argument '${arg}' (flags look like --name value)`);
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) flags[arg.slice(2)] = 'true';
    else {
      flags[arg.slice(2)] = next;
      i++;
    }
  }
  return flags;
}
