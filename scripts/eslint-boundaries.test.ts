// The lint walls fire: one file per forbidden direction of ARCHITECTURE.md (and the cycle and injected-source
// rules), linted with the repository's own ESLint configuration at a path where it would live. Each must be
// refused by the named rule; the allowed twin beside it must pass, so a wall that refuses everything fails too.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function rulesFiredBy(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const WALL = 'boundaries/dependencies';

/** [what, file path, forbidden code, allowed code at the same path]. */
const directions: [string, string, string, string][] = [
  [
    'a package imports another package',
    'packages/betting/src/wall.ts',
    "import { oddsFormatSchema } from '../../contract/src/index';\nexport const x = oddsFormatSchema;",
    "import { oddsOf } from './odds';\nexport const x = oddsOf;",
  ],
  [
    'a package imports an app',
    'packages/contract/src/wall.ts',
    "import { systemClock } from '../../../apps/server/src/lib/clock';\nexport const x = systemClock;",
    "import { z } from 'zod';\nexport const x = z.string();",
  ],
  [
    'a package imports a library off its allow-list',
    'packages/betting/src/wall.ts',
    "import { z } from 'zod';\nexport const x = z.string();",
    "import { cents } from './money';\nexport const x = cents;",
  ],
  [
    'a package imports a framework',
    'packages/betting/src/wall.ts',
    "import { useState } from 'react';\nexport const x = useState;",
    "import { oddsOf } from './odds';\nexport const x = oddsOf;",
  ],
  [
    'a web feature imports another feature through the @/ alias',
    'apps/web/src/features/home/wall.ts',
    "import { PreferencesPage } from '@/features/account/preferences-page';\nexport const x = PreferencesPage;",
    "import { formatUserMoney } from '@/lib/money';\nexport const x = formatUserMoney;",
  ],
  [
    'a package imports a Node module',
    'packages/contract/src/wall.ts',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;",
    "import { z } from 'zod';\nexport const x = z;",
  ],
  [
    'a web feature imports another feature',
    'apps/web/src/features/home/wall.ts',
    "import { BetslipPage } from '../betslip/betslip-page';\nexport const x = BetslipPage;",
    "import { formatUserMoney } from '../../lib/money';\nexport const x = formatUserMoney;",
  ],
  [
    'a shared web folder imports a feature',
    'apps/web/src/lib/wall.ts',
    "import { BetslipPage } from '../features/betslip/betslip-page';\nexport const x = BetslipPage;",
    "import { formatUserMoney } from './money';\nexport const x = formatUserMoney;",
  ],
  [
    'the player app imports the back office',
    'apps/web/src/lib/wall.ts',
    "import { call } from '../../../backoffice/src/api';\nexport const x = call;",
    "import { formatUserMoney } from './money';\nexport const x = formatUserMoney;",
  ],
  [
    'the back office imports the player app',
    'apps/backoffice/src/wall.ts',
    "import { formatUserMoney } from '../../web/src/lib/money';\nexport const x = formatUserMoney;",
    "import { call } from './api';\nexport const x = call;",
  ],
  [
    "a server module reaches past another module's index.ts",
    'apps/server/src/modules/betting/wall.ts',
    "import { createWalletRepository } from '../wallet/wallet.repository';\nexport const x = createWalletRepository;",
    "import { createWalletModule } from '../wallet/index';\nexport const x = createWalletModule;",
  ],
  [
    'the feed producer writes the sports tables past the ingest port',
    'apps/server/src/modules/producer/wall.ts',
    "import { events } from '../sports/sports.tables';\nexport const x = events;",
    "import { createSportsIngest } from '../sports/index';\nexport const x = createSportsIngest;",
  ],
  [
    "a server module enters another through a sub-folder's index.ts",
    'apps/server/src/modules/producer/wall.ts',
    "import { createSportsIngest } from '../sports/ingest/index';\nexport const x = createSportsIngest;",
    "import { createSportsIngest } from '../sports/index';\nexport const x = createSportsIngest;",
  ],
  [
    'the sports read side imports the feed producer',
    'apps/server/src/modules/sports/wall.ts',
    "import { createSimulatorProducer } from '../producer/index';\nexport const x = createSimulatorProducer;",
    "import { createWalletModule } from '../wallet/index';\nexport const x = createWalletModule;",
  ],
  [
    'a shared server folder imports a module',
    'apps/server/src/lib/wall.ts',
    "import { createWalletModule } from '../modules/wallet/index';\nexport const x = createWalletModule;",
    "import { systemClock } from './clock';\nexport const x = systemClock;",
  ],
  [
    'a route reaches a repository',
    'apps/server/src/modules/wallet/wall.routes.ts',
    "import { createWalletRepository } from './wallet.repository';\nexport const x = createWalletRepository;",
    "import { createActivityService } from './activity.service';\nexport const x = createActivityService;",
  ],
  [
    'a service speaks SQL',
    'apps/server/src/modules/wallet/wall.service.ts',
    "import { eq } from 'drizzle-orm';\nexport const x = eq;",
    "import { createWalletRepository } from './wallet.repository';\nexport const x = createWalletRepository;",
  ],
];

describe('lint walls', () => {
  // The first lint loads the whole config, typescript-eslint and the resolver: slow on a busy machine.
  beforeAll(() => rulesFiredBy('packages/betting/src/wall.ts', 'export {};'), 60_000);

  it.each(directions)('refuses: %s', async (_what, path, forbidden, allowed) => {
    expect(await rulesFiredBy(path, forbidden)).toContain(WALL);
    expect(await rulesFiredBy(path, allowed)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // content/translate.ts imports translations/index.ts: the index importing translate.ts back closes a cycle.
    const at = 'apps/server/src/modules/content/translations/index.ts';
    expect(
      await rulesFiredBy(
        at,
        "import { translatorFor } from '../translate';\nexport const x = translatorFor;",
      ),
    ).toContain('import-x/no-cycle');
    expect(
      await rulesFiredBy(
        at,
        "import { requestLocale } from '../../../lib/locale';\nexport const x = requestLocale;",
      ),
    ).toEqual([]);
  });

  it("refuses a closure in the server's composition root that reaches a module made further down", async () => {
    const code = (order: string) =>
      `import { createBetQueries } from './modules/betting/index';\nimport type { Db } from './db/database';\nexport function build(db: Db) {\n${order}\n  return wallet;\n}`;
    const later =
      '  const wallet = { settled: (id: number) => queries.openCount(id) };\n  const queries = createBetQueries(db);';
    const before =
      '  const queries = createBetQueries(db);\n  const wallet = { settled: (id: number) => queries.openCount(id) };';
    expect(await rulesFiredBy('apps/server/src/app.ts', code(later))).toContain(
      '@typescript-eslint/no-use-before-define',
    );
    expect(await rulesFiredBy('apps/server/src/app.ts', code(before))).toEqual([]);
  });

  it('refuses Date.now() and Math.random() outside the injected sources, on the server and in packages', async () => {
    const code = 'export const at = Date.now();\nexport const r = Math.random();';
    const server = await rulesFiredBy('apps/server/src/modules/betting/wall.ts', code);
    expect(server.filter((r) => r === 'no-restricted-properties')).toHaveLength(2);
    expect(await rulesFiredBy('packages/betting/src/wall.ts', code)).toContain('no-restricted-properties');
    expect(await rulesFiredBy('apps/server/src/lib/clock.ts', code)).toEqual([]);
  });
});
