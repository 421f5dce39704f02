import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM } from './chromium';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const DEMO_USER = { email: 'user@e2e.stramien.test', password: 'User#E2e-Pass1' };
export const DEMO_ADMIN = { email: 'admin@e2e.stramien.test', password: 'Admin#E2e-Pass1' };
const root = resolve(import.meta.dirname, '../..');

/**
 * The flows that share nothing with another flow while they run: each works as its own user or in its own project
 * (the admin's token only creates the fixtures; the language is the browser's). They run two at a time, the rest one
 * at a time after them: the flows of the demo user (its notifications, tasks and language), of global state
 * (maintenance mode, news, labels, modules, the licence's webhooks and users) and the route tour.
 */
const SIDE_BY_SIDE = [
  'account-settings',
  'projects-connect',
  'projects-create',
  'sbs',
  'sbs-jobs',
  'security-2fa',
  'tables-grid',
  'tables-import',
  'tables-languages',
  'tables-query',
  'tables-revisions',
  'tasks-create',
  'tasks-parts',
  'tasks-schedule',
  'workflow-builder',
  'workflow-settings',
].map((name) => `**/${name}.e2e.ts`);

/** Browser tests: the built product in one process on a fresh data dir, driven in Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  projects: [
    { name: 'side-by-side', testMatch: SIDE_BY_SIDE },
    { name: 'one-at-a-time', testIgnore: SIDE_BY_SIDE, workers: 1, dependencies: ['side-by-side'] },
  ],
  retries: 0,
  reporter: [['list'], ['json', { outputFile: join(root, '.tmp/playwright.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: CHROMIUM,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: join(root, 'test-results'),
  webServer: {
    command: `node ${join(root, 'services/commands/dist/allInOne.js')}`,
    url: `http://127.0.0.1:${E2E_PORT}/api/build`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // every browser test signs in from 127.0.0.1: a limiter this loose still slows and locks, and tests
      // that exercise it send their own X-Forwarded-For address
      STRAMIEN_TRUST_PROXY: 'true',
      STRAMIEN_SIGNIN_FREE_ATTEMPTS: '50',
      STRAMIEN_SIGNIN_LOCK_AFTER: '200',
      STRAMIEN_DATA_DIR: mkdtempSync(join(tmpdir(), 'stramien-e2e-')),
      STRAMIEN_WEB_DIST: join(root, 'apps/web/dist'),
      STRAMIEN_ADMIN_EMAIL: DEMO_ADMIN.email,
      STRAMIEN_ADMIN_PASSWORD: DEMO_ADMIN.password,
      STRAMIEN_DEMO_USER_EMAIL: DEMO_USER.email,
      STRAMIEN_DEMO_USER_PASSWORD: DEMO_USER.password,
      // the webhooks flow's receiver listens on 127.0.0.1 (test/e2e/webhooks-admin.e2e.ts)
      STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS: '127.0.0.0/8',
    },
  },
});
