import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/platform/db/client.js';

/**
 * A real server on a real, empty database for one test file: in-memory PGlite
 * by default, or a fresh database on the PostgreSQL server of TEST_DATABASE_URL
 * (dropped again by close()).
 */
export interface TestApp extends App {
  /** signs in and returns the bearer header */
  authHeader(username: string, password: string): Promise<{ authorization: string }>;
  /** creates a user (staff/superuser flags optional) and returns its auth header */
  userWithHeader(username: string, flags?: { is_staff?: boolean; is_superuser?: boolean }): Promise<{ authorization: string }>;
  adminHeader: { authorization: string };
}

export const ADMIN = { username: 'admin', password: 'admin-password' };
export const PASSWORD = 'user-password-1';

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `asb_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await freshPostgres(baseUrl) : undefined;
  const database: Database = await openDatabase({ databaseUrl: pgDb?.url, dataDir: 'memory://' });
  const config = loadConfig(
    { ASB_ADMIN_USERNAME: ADMIN.username, ASB_ADMIN_PASSWORD: ADMIN.password, ASB_WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' },
    { databaseUrl: pgDb?.url, dataDir: 'memory://', ...overrides },
  );
  const app = await buildApp(config, { database, logger: false });
  await app.users.ensureAdmin();
  await app.server.ready();

  async function authHeader(username: string, password: string) {
    const response = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
  }

  const adminHeader = await authHeader(ADMIN.username, ADMIN.password);
  return {
    ...app,
    adminHeader,
    authHeader,
    async userWithHeader(username, flags = {}) {
      await app.users.create({ username, password: PASSWORD, ...flags });
      return authHeader(username, PASSWORD);
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
