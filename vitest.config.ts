import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
          // Monte Carlo pricing tests take seconds on a busy machine: a hang guard, not a timing check.
          testTimeout: 60_000,
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          environment: 'jsdom',
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
          // not timing checks).
          testTimeout: 120_000,
          hookTimeout: 180_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser walk-through that fails runs once more (Playwright's own CI default is two): they share a
          // 2-core machine with a live simulator, and two landings were lost to one timing flake each. A test
          // that fails twice fails the run; a retry shows in the report.
          retry: 1,
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
