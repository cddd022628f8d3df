import { ensurePgliteTemplate } from './pglite-template.js';

/**
 * vitest's globalSetup of the `api` project: the migrated PGlite template is made once, before
 * the files start side by side (each would otherwise make its own on the first run after a
 * migration changed). On PostgreSQL (TEST_DATABASE_URL) each file migrates a fresh database.
 */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteTemplate();
}
