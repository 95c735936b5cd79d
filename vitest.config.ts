import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { e2eWorkers } from './e2e/support/workers.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // One module graph per worker instead of per file (23 s → 14 s): these tests are pure or use fakes, and
          // pass with their files in any order (checked with --sequence.shuffle.files over several seeds).
          isolate: false,
          // Two files at a time (Vitest's default on 2 cores is one, cores − 1): the calibration and coherence files
          // are CPU-bound for tens of seconds each, and one worker left a core to the browser tier's ~0.6 alone.
          maxWorkers: 2,
          // Monte Carlo pricing tests take seconds on a busy machine: a hang guard, not a timing check.
          testTimeout: 60_000,
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        // The web app's React is Preact's compatibility layer (apps/web/vite.config.ts): its tests run on it too,
        // the testing library included (inlined, so its own imports of React are resolved the same way).
        resolve: {
          alias: [
            { find: '@', replacement: new URL('./apps/web/src', import.meta.url).pathname },
            {
              find: /^@testing-library\/react$/,
              replacement: new URL(
                './node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
                import.meta.url,
              ).pathname,
            },
            // Its ES build (the package's Node export is CommonJS, which would require React itself).
            { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            // The server's renderer (apps/web/src/entry-server.tsx).
            { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            {
              find: /^react(-dom)?$/,
              replacement: new URL('./apps/web/src/lib/react-on-preact.ts', import.meta.url).pathname,
            },
          ],
        },
        test: {
          name: 'web',
          server: {
            deps: {
              inline: [/@testing-library\/react/, /@tanstack\/react-query/, /react-router/, /zustand/],
            },
          },
          environment: 'jsdom',
          // A hang guard, not a timing check: the route-matching property test walks the whole route table and took
          // over Vitest's default 5 s on a busy machine (a clean-clone run at load 13 failed on it).
          testTimeout: 60_000,
          // One jsdom and module graph per worker instead of per file (70 s → 20 s; a file paid ~1 s to set up
          // jsdom and ~1 s to import React and the testing library). The setup file unmounts and clears storage
          // after each test; the files pass in any order (checked with --sequence.shuffle.files over seeds).
          isolate: false,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          // Generous: a server's start-up on a busy 2-core machine can take over a minute (these are hang guards,
          // not timing checks). At load 20 on 2 cores a PGlite server with a tenth of the catalogue took over 180 s
          // to start in a file's beforeAll, and the file's tests were skipped: the hook's guard is 600 s.
          testTimeout: 240_000,
          hookTimeout: 600_000,
          // Two files at a time: Vitest's default on 2 cores is one (cores − 1), and a file often waits (real-time
          // rounds, spawned servers, PostgreSQL) while the other core idles. Each file has its own databases and
          // Redis prefix, and spawned servers take free ports, so files do not share state.
          maxWorkers: 2,
          // Scans every log line of the servers the tests build for secrets; fails the run on one (issue 32).
          globalSetup: ['apps/server/test/support/log-scan.global.ts'],
          // One module graph per worker, not per file: 295 s and 462 CPU-seconds → 195 s and 268 on a quiet machine
          // (each file re-imported the whole server, and ran it cold). Files keep no module state between them
          // (each builds its own app, databases and Redis prefix); all pass with shuffled files.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          // Hang guards, not timing checks: on a busy machine (scripts/ci-under-load.sh, or load 15 on 2 cores) a
          // walk-through takes several times its quiet time; one limit for all (no test sets a shorter one). No
          // retry: a test that fails once fails the run (each waits for conditions, not time).
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // `expect.poll` waits for a condition; its default limit (1 s) was a timing threshold on a busy machine
          // (a favourite saved, a badge counted): here it is a hang guard like the test's own.
          expect: { poll: { timeout: 60_000 } },
          // Two files at a time (E2E_WORKERS), each against a server of its own (global-setup.ts starts one per
          // worker): a walk-through mostly waits on its browser and its server's simulator, so one lane left a core
          // idle and the tier was CI's long pole.
          maxWorkers: e2eWorkers(),
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
