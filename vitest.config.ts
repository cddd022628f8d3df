import { defineConfig } from 'vitest/config';
import { postgresPassFiles } from './apps/server/test/database-passes.js';

// Both cores (vitest's default leaves one to itself): the API and integration files wait on
// python, the sandbox, workers and the database a good part of their time (docs/testing.md "Speed").
const maxWorkers = 2;

/**
 * Five projects: `unit` (contracts and server units, and checks of the web build: node,
 * nothing started), `web`
 * (React units, jsdom), `integration` (server parts that start python, a sandbox,
 * pdftotext or a server: `*.integration.test.ts`) and `api` (server API tests against a
 * real database: in-memory PGlite by default, PostgreSQL when TEST_DATABASE_URL is set), and
 * `api-postgres`, the API files whose behaviour can differ on PostgreSQL (apps/server/test/database-passes.ts),
 * which needs TEST_DATABASE_URL.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers,
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
          maxWorkers,
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
          maxWorkers,
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
          maxWorkers,
          include: ['apps/server/test/**/*.test.ts'],
          // the migrated PGlite every file's database is loaded from (docs/testing.md "Speed")
          globalSetup: ['./apps/server/test/helpers/pglite-template.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          environment: 'node',
          maxWorkers,
          include: postgresPassFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
