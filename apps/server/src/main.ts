#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { runCli } from './cli.js';
import { restrictFileModes } from './platform/data-dir.js';
import { DatabaseLockedError } from './platform/db/pglite-lock.js';

/**
 * One entry point: `asb` (or `asb serve`) runs the portal and every API;
 * other commands are operator tools (see `asb help`).
 */
async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const admin = await app.users.ensureAdmin();
  if (admin?.password) {
    app.server.log.warn(`Created superuser '${admin.username}' with password: ${admin.password} (shown once; change it on the Profile page)`);
  }
  await app.server.listen({ port: config.port, host: config.host });
  app.server.log.info(`Portal at http://localhost:${config.port}/asb/ (database: ${app.database.kind})`);
  const stop = async (signal: string) => {
    app.server.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

// what the server and its CLI write in the data directory is theirs alone (data-dir.ts)
restrictFileModes();
const { positionals } = parseArgs({ allowPositionals: true, strict: false });
const command = positionals[0] ?? 'serve';
try {
  if (command === 'serve') {
    await serve();
  } else {
    process.exitCode = await runCli(process.argv.slice(2));
  }
} catch (error) {
  // an operator's mistake in the environment, or the embedded database held by another
  // process: the problem, not a stack trace
  if (!(error instanceof ConfigError) && !(error instanceof DatabaseLockedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
