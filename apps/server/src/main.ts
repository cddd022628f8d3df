#!/usr/bin/env node
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { ConfigError, isDesignatedProcess, loadConfig, type AppConfig } from './config.js';
import { runCli } from './cli.js';
import { restrictFileModes } from './platform/data-dir.js';
import { DatabaseLockedError } from './platform/db/pglite-lock.js';
import { runHttpProcesses } from './platform/cluster/http-processes.js';

/**
 * One entry point: `asb` (or `asb serve`) runs the portal and every API;
 * other commands are operator tools (see `asb help`).
 */
async function serve(config: AppConfig): Promise<void> {
  const app = await buildApp(config);
  const admin = isDesignatedProcess(config) ? await app.users.ensureAdmin() : undefined;
  if (admin?.password) {
    app.server.log.warn(`Created superuser '${admin.username}' with password: ${admin.password} (shown once; change it on the Profile page)`);
  }
  await app.server.listen({ port: config.port, host: config.host });
  app.server.log.info(`Portal at http://localhost:${config.port}/asb/ (database: ${app.database.kind})`);
  let stopping: Promise<void> | undefined;
  // a terminal's Ctrl-C reaches the HTTP processes of a primary twice (from the terminal and from the primary): one shutdown
  const stop = (signal: string) =>
    (stopping ??= (async () => {
      app.server.log.info(`${signal}: shutting down`);
      await app.close();
      process.exit(0);
    })());
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

// what the server and its CLI write in the data directory is theirs alone (data-dir.ts)
restrictFileModes();
const { positionals, values } = parseArgs({ allowPositionals: true, strict: false, options: { help: { type: 'boolean', short: 'h' } } });
// `asb --help` (and `asb serve --help`) prints the help, it does not start a server
const command = values.help === true ? 'help' : (positionals[0] ?? 'serve');
try {
  if (command === 'serve') {
    const config = loadConfig();
    const processes = config.processes?.count ?? 1;
    // ASB_HTTP_PROCESSES > 1: this process only starts, restarts and stops the HTTP processes (docs/operations.md "All cores")
    if (cluster.isPrimary && processes > 1) process.exit(await runHttpProcesses(processes));
    await serve(config);
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
