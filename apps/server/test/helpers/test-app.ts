import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { UserRow } from '../../src/modules/usermgr/users.repository.js';
import { hashPassword } from '../../src/platform/auth/passwords.js';
import { openDatabase, type Database } from '../../src/platform/db/client.js';
import { freshPostgres } from './fresh-postgres.js';
import { migratedPglite } from './pglite-template.js';
import { restrictFileModes } from '../../src/platform/data-dir.js';

/**
 * A real server on a real, empty database for one test file: in-memory PGlite
 * (loaded from a migrated template: pglite-template.ts) by default, or a fresh database on
 * the PostgreSQL server of TEST_DATABASE_URL, migrated by the server (dropped again by close()).
 */
export interface TestApp extends App {
  /** signs in and returns the bearer header */
  authHeader(username: string, password: string): Promise<{ authorization: string }>;
  /** creates a user with PASSWORD (staff/superuser flags optional) and returns its auth header */
  userWithHeader(username: string, flags?: { is_staff?: boolean; is_superuser?: boolean }): Promise<{ authorization: string }>;
  adminHeader: { authorization: string };
  /** closes the server and starts a new one on the same database and data directory (a server restart) */
  restart(): Promise<TestApp>;
  /**
   * Another server beside this one on the same database, data directory and Redis (a replica;
   * docs/operations.md "In-process state"): its own connection pool on PostgreSQL, the same
   * PGlite otherwise (one process's database). Close it before this one.
   */
  replica(overrides?: Partial<AppConfig>): Promise<TestApp>;
}

export const ADMIN = { username: 'admin', password: 'admin-password' };
export const PASSWORD = 'user-password-1';
/** one hash of PASSWORD per test file, shared by every user the file creates */
let userPasswordHash: Promise<string> | undefined;

export interface TestAppOptions {
  /** runs before the server is ready: extra tables and routes (e.g. a test-only resource) */
  beforeReady?(app: App): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // as main.ts runs the server: what it writes is its own unless opened to tasks on purpose
  restrictFileModes();
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await freshPostgres(baseUrl, 'asb_test') : undefined;
  const database: Database = pgDb ? await openDatabase({ databaseUrl: pgDb.url, dataDir: 'memory://' }) : await migratedPglite();
  const config = loadConfig(
    { ASB_ADMIN_USERNAME: ADMIN.username, ASB_ADMIN_PASSWORD: ADMIN.password, ASB_WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ASB_CONTRACT_CHECK: 'strict' },
    { databaseUrl: pgDb?.url, dataDir: 'memory://', demo: false, ...overrides },
  );
  return startTestApp(config, database, options, async () => {
    await database.close();
    await pgDb?.drop();
  });
}

/** One server on an open database; `release` frees the database when the test app closes. */
async function startTestApp(config: AppConfig, database: Database, options: TestAppOptions, release: () => Promise<void>): Promise<TestApp> {
  const app = await buildApp(config, { database, logger: false });
  await app.users.ensureAdmin();
  await options.beforeReady?.(app);
  await app.server.ready();

  async function authHeader(username: string, password: string) {
    const response = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
  }

  // Tokens are issued directly: sign-in itself is tested in sign-in.test.ts, and every argon2 run costs.
  const headerOf = async (row: UserRow) => ({ authorization: `Bearer ${await app.users.signIn.issueToken(row)}` });
  const admin = await app.ctx.users.findByUsername(ADMIN.username);
  const adminHeader = await headerOf(admin!);
  return {
    ...app,
    adminHeader,
    authHeader,
    async restart() {
      await app.close();
      return startTestApp(config, database, options, release);
    },
    async replica(overrides = {}) {
      const own = database.kind === 'postgres' ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) : undefined;
      return startTestApp({ ...config, ...overrides }, own ?? database, options, async () => await own?.close());
    },
    async userWithHeader(username, flags = {}) {
      userPasswordHash ??= hashPassword(PASSWORD);
      const row = await app.ctx.users.insert({ username, passwordHash: await userPasswordHash, isStaff: flags.is_staff, isSuperuser: flags.is_superuser });
      return headerOf(row);
    },
    async close() {
      await app.close();
      await release();
    },
  };
}
