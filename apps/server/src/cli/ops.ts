// Operator commands: `npm run ops -- <command> [--flag value …]`. README "Operator commands" lists them.
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { buildApp } from '../app';
import { COMMANDS, parseFlags } from './commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.log('usage: npm run ops -- <command> [--flag value …]\n\ncommands:');
    for (const [key, c] of Object.entries(COMMANDS)) console.log(`  ${key.padEnd(18)} ${c.summary}`);
    return name ? 2 : 0;
  }
  // The CLI never runs the simulator: it queues commands for the server that leads (see the producer README).
  const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const, SIMULATOR_ENABLED: false };
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const { app, modules } = await buildApp({ config, database });
    try {
      await command.run(modules, parseFlags(rest), (line) => console.log(line));
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
