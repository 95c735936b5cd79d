// Proves the lint walls of ARCHITECTURE.md hold: each case lints a one-line file at a path
// inside the repo and expects the boundary rule to fire (or not).
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

describe('import boundaries', () => {
  // The first lint loads the whole config and typescript-eslint: slow on a busy machine.
  beforeAll(() => boundaryErrors('packages/betting/src/x.ts', 'export {};'), 60_000);

  it.each([
    [
      'apps/web/src/features/home/x.ts',
      "import { a } from '../betslip/store';",
      /must not import feature 'betslip'/,
    ],
    [
      'apps/web/src/features/home/x.ts',
      "import { a } from '@/features/account/api';",
      /must not import feature 'account'/,
    ],
    ['packages/betting/src/x.ts', "import React from 'react';", /stay pure/],
    ['packages/betting/src/x.ts', "import { readFileSync } from 'node:fs';", /stay pure/],
    [
      'packages/contract/src/x.ts',
      "import { x } from '../../../apps/server/src/app';",
      /outside their own package/,
    ],
    [
      'apps/server/src/modules/wallet/x.ts',
      "import { a } from '../tenancy/tenancy.repository';",
      /only through its index/,
    ],
  ])('%s: %s is refused', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors.join('\n')).toMatch(message);
  });

  it.each([
    ['apps/web/src/features/home/x.ts', "import { a } from './components/tile';"],
    ['apps/web/src/app/x.ts', "import { a } from '@/features/home';"],
    ['apps/server/src/modules/wallet/x.ts', "import { a } from '../tenancy/index';"],
    ['packages/betting/src/x.ts', "import { a } from './money';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
