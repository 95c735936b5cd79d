// Lint for the whole monorepo. The `boundaries/imports` rule enforces ARCHITECTURE.md's arrows:
// web features never import each other, server modules meet only through their index.ts,
// and packages/* stay pure (nothing from apps/, no framework, database, network or environment).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);
const SIDE_EFFECT_MODULES = [
  /^react(-dom)?(\/|$)/,
  /^fastify/,
  /^@fastify\//,
  /^pg$/,
  /^drizzle-orm/,
  /^@electric-sql\//,
  /^ioredis/,
  /^ws$/,
  /^node:/,
  /^(fs|net|http|https|child_process|os|crypto)$/,
  /^@sb\/(server|web)/,
];

/** Resolves an import to a path relative to the repo root, or null for a bare package import. */
function resolveImport(file, spec) {
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec));
  if (spec.startsWith('@/')) return path.join('apps/web/src', spec.slice(2));
  return null;
}

function violation(file, spec) {
  const from = path.relative(root, file);
  const to = resolveImport(file, spec);
  const pkg = from.match(/^packages\/([^/]+)\//);
  if (pkg) {
    if (to && !to.startsWith(`packages/${pkg[1]}/`))
      return 'packages/* import nothing outside their own package';
    if (!to && SIDE_EFFECT_MODULES.some((re) => re.test(spec)))
      return `packages/* stay pure: '${spec}' has side effects or belongs to an app`;
    return null;
  }
  // The back office and the player app are separate bundles: neither imports the other.
  const app = from.match(/^apps\/(web|backoffice)\//)?.[1];
  const targetApp = to?.match(/^apps\/(web|backoffice)(\/|$)/)?.[1];
  if (app && targetApp && targetApp !== app)
    return `apps/${app} must not import apps/${targetApp}: separate bundles`;
  if (app === 'backoffice' && /^@sb\/(web|server)/.test(spec))
    return 'apps/backoffice must not import another app';
  const feature = from.match(/^apps\/web\/src\/features\/([^/]+)\//);
  const target = to?.match(/^apps\/web\/src\/features\/([^/]+)(\/|$)/);
  if (feature && target && target[1] !== feature[1])
    return `feature '${feature[1]}' must not import feature '${target[1]}': features meet in src/app`;
  const mod = from.match(/^apps\/server\/src\/modules\/([^/]+)\//);
  const targetMod = to?.match(/^apps\/server\/src\/modules\/([^/]+)(\/(.*))?$/);
  if (mod && targetMod && targetMod[1] !== mod[1] && !['', 'index', 'index.ts'].includes(targetMod[3] ?? ''))
    return `module '${mod[1]}' reaches module '${targetMod[1]}' only through its index.ts`;
  return null;
}

const boundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return;
          const message = violation(context.filename, node.source.value);
          if (message) context.report({ node, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.cache/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The web takes only types from the contract's schemas (zod stays out of the bundle); runtime
    // values come from the zod-free '@sb/contract/constants'.
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
          ],
        },
      ],
    },
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
    ignores: ['apps/server/src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'only config/ reads the environment' },
      ],
    },
  },
);
