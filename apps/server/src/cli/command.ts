// What every command file shares: a leaf, so the command files and the list of them (commands.ts) form no cycle.
import type { buildApp } from '../app';

export type Modules = Awaited<ReturnType<typeof buildApp>>['modules'];
export type Flags = Record<string, string>;

export interface Command {
  summary: string;
  run(modules: Modules, flags: Flags, print: (line: string) => void): Promise<void>;
}

export function requireFlag(flags: Flags, name: string): string {
  const value = flags[name];
  if (!value) throw new Error(`--${name} is required`);
  return value;
}
