import { defineConfig } from 'vitest/config';

/**
 * One vitest run for the whole repo, two projects:
 * - node: packages, services and test/ (unit, int, contract, reliability)
 * - web: apps/web component and machine tests in jsdom
 */
export default defineConfig({
  test: {
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
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
