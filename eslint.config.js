// Lint for the whole monorepo. The walls (ARCHITECTURE.md's arrows, no import cycles, the injected clock and
// random sources) are in eslint.walls.js; the file and function sizes (and the files still over them) in
// eslint.sizes.js.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { injectedSources, walls } from './eslint.walls.js';
import { sizes } from './eslint.sizes.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.cache/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The web takes only types from the contract's schemas (zod stays out of the bundle); runtime
    // values come from the zod-free '@sb/contract/constants'. Its links are its own (components/ui/link.tsx).
    files: ['apps/web/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@sb/contract',
              allowTypeImports: true,
              message: "use import type, or '@sb/contract/constants'",
            },
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: "use '@/components/ui/link' (react-router's carry ~2 KiB gzip the app never uses)",
            },
          ],
        },
      ],
    },
  },
  ...walls,
  ...sizes,
  {
    files: ['packages/**/*.ts', 'apps/server/src/config/**'],
    rules: { 'no-restricted-properties': ['error', ...injectedSources] },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'packages/* never read the environment' },
      ],
    },
  },
  {
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/config/**', 'apps/server/src/lib/clock.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'only config/ reads the environment' },
        ...injectedSources,
      ],
    },
  },
);
