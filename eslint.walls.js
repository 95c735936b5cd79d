// The lint walls: ARCHITECTURE.md's arrows as eslint-plugin-boundaries policies, one import cycle check
// (import-x/no-cycle, which skips type imports: scripts/import-cycles.mjs in `npm run check` counts them) and the
// injected clock and random sources. `scripts/lint-walls.test.ts` lints a file per
// forbidden direction and proves each wall fires. Every element is matched from the repository root.
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The libraries each package may import (besides its own files); tests add their runner. */
const PACKAGE_LIBRARIES = { contract: ['zod'], betting: [], crash: [] };

const PROJECTS = ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'];
const at = (type, pattern, capture) => ({ type, pattern, partialMatch: false, ...(capture && { capture }) });

/** The elements of the repository, by folder. */
const elements = [
  at('package', 'packages/*', ['pkg']),
  at('web-app', 'apps/web/src/app'),
  at('web-feature', 'apps/web/src/features/*', ['feature']),
  at('web-shared', 'apps/web/src/components'),
  at('web-shared', 'apps/web/src/lib'),
  at('web-test', 'apps/web/src/test'),
  at('web-entry', 'apps/web/src'),
  at('backoffice', 'apps/backoffice/src'),
  at('server-module', 'apps/server/src/modules/*', ['module']),
  at('server-lib', 'apps/server/src/lib'),
  at('server-db', 'apps/server/src/db'),
  at('server-config', 'apps/server/src/config'),
  at('server-plugin', 'apps/server/src/plugins'),
  at('server-observability', 'apps/server/src/observability'),
  at('server-cli', 'apps/server/src/cli'),
  at('server-root', 'apps/server/src'),
];

/** Roles of files inside an element (a module's routes, services, repositories, tables and front door). */
const files = [
  { category: 'routes', pattern: '**/*.routes.ts' },
  { category: 'repository', pattern: '**/*.repository.ts' },
  { category: 'tables', pattern: '**/*.tables.ts' },
  // A module's front door is its top index.ts only: a sub-folder's index.ts is the module's inside (issue 38 item 5).
  { category: 'index', pattern: 'apps/server/src/modules/*/index.ts' },
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'test', pattern: '**/testing/**' },
  { category: 'test', pattern: 'apps/*/test/**' },
  { category: 'test', pattern: 'apps/web/src/test/**' },
];

const type = (t) => ({ element: { type: t } });
const types = (...t) => ({ element: { types: { anyOf: t } } });

/** Local imports: allowed only along these arrows (anything else is an error). */
const dependencyPolicies = [
  // Files of one element import each other freely (the arrows below are between elements, and file roles).
  { allow: { dependency: { relationship: { to: 'internal' } } } },
  // Libraries and Node's own modules: the apps choose theirs (packages/* only from their allow-list, below).
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  // Every app uses packages/* (their allowed imports are below).
  {
    from: { element: { types: { noneOf: ['package'] } } },
    allow: { to: type('package') },
  },
  // packages/* are pure and stand alone: only their own files.
  {
    from: type('package'),
    allow: { to: { element: { type: 'package', captured: { pkg: '{{ from.element.captured.pkg }}' } } } },
  },
  // packages/* are pure: no framework, database, network or environment; each names the libraries it may use.
  {
    from: type('package'),
    disallow: { to: { module: { origin: ['external', 'core'] } } },
    message: 'packages/* stay pure: only the libraries on their allow-list (eslint.walls.js)',
  },
  ...Object.entries(PACKAGE_LIBRARIES).map(([pkg, sources]) => ({
    from: { element: { type: 'package', captured: { pkg } } },
    allow: { to: { module: { origin: 'external', source: sources } } },
  })),
  // The player app: app → features → shared; features never import each other; shared never imports a feature.
  { from: type('web-entry'), allow: { to: types('web-app', 'web-shared', 'web-entry') } },
  { from: type('web-app'), allow: { to: types('web-app', 'web-feature', 'web-shared') } },
  { from: type('web-feature'), allow: { to: type('web-shared') } },
  { from: type('web-shared'), allow: { to: type('web-shared') } },
  {
    from: type('web-test'),
    allow: { to: types('web-app', 'web-feature', 'web-shared', 'web-test', 'web-entry') },
  },
  // The back office is its own bundle.
  { from: type('backoffice'), allow: { to: type('backoffice') } },
  // Server modules meet only through another module's index.ts; everything below the modules is shared.
  {
    from: type('server-module'),
    allow: {
      to: types('server-lib', 'server-db', 'server-config', 'server-plugin', 'server-observability'),
    },
  },
  { from: type('server-module'), allow: { to: { ...type('server-module'), file: { categories: 'index' } } } },
  { from: types('server-lib'), allow: { to: type('server-lib') } },
  { from: types('server-db'), allow: { to: types('server-lib', 'server-config') } },
  {
    from: types('server-plugin', 'server-observability'),
    allow: { to: types('server-lib', 'server-config', 'server-plugin', 'server-observability', 'server-db') },
  },
  {
    from: types('server-plugin', 'server-observability'),
    allow: { to: { ...type('server-module'), file: { categories: 'index' } } },
  },
  { from: type('server-config'), allow: { to: type('server-lib') } },
  // The composition root and the CLI wire modules together, through their front doors.
  {
    from: types('server-root', 'server-cli'),
    allow: {
      to: types(
        'server-root',
        'server-cli',
        'server-lib',
        'server-db',
        'server-config',
        'server-plugin',
        'server-observability',
      ),
    },
  },
  {
    from: types('server-root', 'server-cli'),
    allow: { to: { ...type('server-module'), file: { categories: 'index' } } },
  },
  // Tests and their helpers reach whatever they prove (they ship in no bundle).
  {
    from: { file: { categories: 'test' } },
    allow: [{ to: { file: { path: '**' } } }, { to: { module: { origin: ['external', 'core'] } } }],
  },
  // SQL lives in repositories (and their tables, and db/): nothing else speaks drizzle-orm.
  {
    from: { element: { types: { noneOf: ['server-db'] } } },
    disallow: { to: { module: { source: 'drizzle-orm' } } },
    message: 'SQL only in repositories: move the query to a *.repository.ts',
  },
  {
    from: { file: { categories: { anyOf: ['repository', 'tables', 'test'] } } },
    allow: { to: { module: { source: 'drizzle-orm' } } },
  },
  // Inside a module: routes → service → repository. A route never reaches a repository or the tables.
  {
    from: { file: { categories: 'routes' } },
    disallow: { to: { file: { categories: { anyOf: ['repository', 'tables'] } } } },
    message: 'routes call services, never a repository or the tables (routes → service → repository)',
  },
  // The feed producer writes into the sports read side through its ingest port, never the other way round: the
  // sports module does not know which producer feeds it (the simulator, or a real data provider's adapter). Its
  // tests may play the simulator against the market model (tests reach whatever they prove).
  {
    from: { element: { type: 'server-module', captured: { module: 'sports' } } },
    disallow: { to: { element: { type: 'server-module', captured: { module: 'producer' } } } },
    message: 'the sports module never imports the producer: the producer writes through sports/ingest',
  },
  {
    from: { file: { categories: 'test' } },
    allow: { to: { element: { type: 'server-module', captured: { module: 'producer' } } } },
  },
];

export const wallsSettings = {
  ...importX.flatConfigs.typescript.settings,
  'boundaries/elements': elements,
  'boundaries/files': files,
  'boundaries/legacy-warnings': false,
  'import-x/resolver-next': [
    createTypeScriptImportResolver({ project: PROJECTS, noWarnOnMultipleProjects: true }),
  ],
  'import/resolver': { typescript: { project: PROJECTS, noWarnOnMultipleProjects: true } },
};

export const walls = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: wallsSettings,
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkInternals: true, checkAllOrigins: true, policies: dependencyPolicies },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The composition root makes the modules in the order they need each other: a closure that reaches a module
    // made further down is a construction cycle hidden from no-cycle (which sees imports only).
    files: ['apps/server/src/app.ts', 'apps/server/src/app.modules.ts'],
    rules: {
      '@typescript-eslint/no-use-before-define': [
        'error',
        { functions: false, classes: true, variables: true, typedefs: false, ignoreTypeReferences: true },
      ],
    },
  },
];

/**
 * Time and chance come from the injected sources (`lib/clock.ts`'s Clock, `lib/ids.ts`, a game's Rng), so rules
 * that depend on them replay in tests. Elapsed time uses `performance.now()`. In the browser the platform clock
 * is the clock (Vitest's fake timers stand in for it in tests), so the web and the back office are not walled.
 */
export const injectedSources = [
  {
    object: 'Date',
    property: 'now',
    message: 'take the injected Clock (lib/clock.ts); elapsed time: performance.now()',
  },
  { object: 'Math', property: 'random', message: 'take an injected random source (lib/ids.ts, a game Rng)' },
];
