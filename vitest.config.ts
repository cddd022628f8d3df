import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (contracts and server units, and checks of the web build: node,
 * nothing started), `web`
 * (React units, jsdom), `integration` (server parts that start python, a sandbox,
 * pdftotext or a server: `*.integration.test.ts`) and `api` (server API tests against a
 * real database: in-memory PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // apps/web/build-checks: checks of the web build (run after npm run build, scripts/test-all.sh)
          include: ['packages/contracts/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/build-checks/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          // a limit for a stuck test on a busy machine, not a timing
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.integration.test.ts'],
          // python, a sandbox or a server start in each: a limit for a stuck test on a busy machine, not a timing
          testTimeout: 120_000,
          hookTimeout: 120_000,
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
          // the waits inside (15 s, setup.ts) must fit: these are limits for a stuck test, not timings
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
