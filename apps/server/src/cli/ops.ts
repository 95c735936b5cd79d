// Operator commands: `npm run ops -- <command> [--flag value …]`, or `npm run ops -- --batch FILE` for several in
// one start of the app (FILE: a JSON array of command lines, each an array of words; they run in order and the
// first failure stops the rest). README "Operator commands" lists them.
import { readFileSync } from 'node:fs';
import { COMMANDS, parseFlags } from './commands';

/** The command lines of a batch file, checked before anything runs; a message naming what is wrong otherwise. */
function batchOf(file: string): string[][] | string {
  let lines: unknown;
  try {
    lines = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return `--batch ${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!Array.isArray(lines)) return `--batch ${file}: expected a JSON array of command lines`;
  for (const [i, line] of lines.entries()) {
    if (!Array.isArray(line) || !line.every((word) => typeof word === 'string'))
      return `--batch ${file}: line ${i + 1} is not an array of strings`;
    if (!COMMANDS[line[0] as string])
      return `--batch ${file}: line ${i + 1}: unknown command ${String(line[0])}`;
  }
  return lines as string[][];
}

async function main(argv: string[]): Promise<number> {
  const batch = argv[0] === '--batch' ? batchOf(argv[1] ?? '') : [argv];
  if (typeof batch === 'string') {
    console.error(batch);
    return 2;
  }
  const name = batch[0]?.[0];
  if (batch.length === 1 && !(name && COMMANDS[name])) {
    console.log('usage: npm run ops -- <command> [--flag value …] | --batch FILE\n\ncommands:');
    for (const [key, c] of Object.entries(COMMANDS)) console.log(`  ${key.padEnd(18)} ${c.summary}`);
    return name ? 2 : 0;
  }
  // The app is loaded only for a command to run: a usage line or a refused batch answers without it (the
  // unit tier starts this CLI four times to check the refusals).
  const [{ loadConfig }, { openDatabase }, { buildApp }] = await Promise.all([
    import('../config/config'),
    import('../db/database'),
    import('../app'),
  ]);
  // The CLI never runs the simulator: it queues commands for the server that leads (see the producer README).
  const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const, SIMULATOR_ENABLED: false };
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const { app, modules } = await buildApp({ config, database });
    try {
      for (const [commandName, ...rest] of batch)
        await COMMANDS[commandName!]!.run(modules, parseFlags(rest), (line) => console.log(line));
      return 0;
    } finally {
      await app.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
