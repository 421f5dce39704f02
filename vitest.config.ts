import { defineConfig } from 'vitest/config';

/**
 * One vitest run for the whole repo, two projects:
 * - node: packages, services and test/ (unit, int, contract, reliability)
 * - web: apps/web component and machine tests in jsdom
 */
export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: on a 2-core machine that ran every file in turn.
    // The files spend much of their time waiting (servers, child processes, timers), so both cores are used.
    maxWorkers: 2,
    minWorkers: 1,
    // The node files' pool (forks) runs a worker's files one after another with one module cache: each file evaluating
    // the server's modules again took 2-3 s (collect: 259 s of a 760 s run). vitest 3 sets this per pool, not per
    // project, so the web files, which need a fresh jsdom and fresh modules each, run in the threads pool, isolated.
    // No node test mocks a module or stubs a global; a file that changes process state (umask) sets what it needs.
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.spec.ts', 'services/*/src/**/*.spec.ts', 'test/**/*.spec.ts'],
          exclude: ['**/node_modules/**', 'test/e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // answers written without the zod parse (addExactRoute) are compared with the zod way's bytes in every test;
          // the SQLite stores checkpoint inline (a checkpoint thread per store loads from source: walCheckpoints.ts);
          // the events the event store shares among its live subscriptions are frozen (sqliteEventStore.ts `sharedRecorded`)
          env: { STRAMIEN_CHECK_ANSWERS: '1', STRAMIEN_SQLITE_CHECKPOINTS: 'inline', STRAMIEN_FREEZE_SHARED_EVENTS: '1' },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          pool: 'threads',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // a hang guard, not a speed check: a page rendered in jsdom takes a few seconds on a loaded 2-core machine
          testTimeout: 20_000,
        },
      },
    ],
  },
});
