import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DatabaseLockedError } from './platform/db/pglite-lock.js';
import { INGEST_USAGE } from './modules/catalogue/ingest-usage.js';

export const HELP = `Usage: asb [command] [--help]

Commands:
  serve                                   start the portal and all APIs (default)
  create-user <username> [--password P] [--staff] [--superuser] [--email E]
                                          create a local account (a password is generated when omitted)
  reset-password <username> [--password P]
                                          set a new password (generated when omitted) and unlock the account
  worker                                  run tasks of the queue executor (needs REDIS_URL and the servers'
                                          ASB_DATA_DIR; ASB_WORKER_CPUS tasks' CPUs at once); stops on SIGTERM
  catalogue ingest <PATH-or-URL> [--owner USERNAME] [--public] [--collection ID] [--skip-invalid]
                                          read a static STAC catalog, collection or item (a file or an
                                          http(s) URL), check every document and write its collections
                                          and items into the resource catalogue (docs/catalogue.md "Ingest")
  help                                    show this text

Configuration comes from the environment (see README.md).`;

/** What to do instead while the portal holds the embedded database, by command. */
const WHILE_RUNNING: Record<string, string> = {
  catalogue: 'or ingest a catalogue by its URL through the running portal (POST /resource-catalogue/ingest, staff)',
  'create-user': "or create the account on the running portal's Users page",
};

/**
 * Operator commands on the same entry point and the same database as the server. The embedded
 * database is one process's at a time: while another holds it, a command changes nothing.
 */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await runCommand(argv);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    const command = argv.find((arg) => !arg.startsWith('-')) ?? '';
    console.error(`${error.message}${WHILE_RUNNING[command] ? `, ${WHILE_RUNNING[command]}` : ''}. Nothing was changed.`);
    return 1;
  }
}

async function runCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      staff: { type: 'boolean', default: false },
      superuser: { type: 'boolean', default: false },
      email: { type: 'string' },
      owner: { type: 'string' },
      public: { type: 'boolean', default: false },
      collection: { type: 'string' },
      'skip-invalid': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, username] = positionals;
  // --help anywhere prints help and does nothing else: the command's own when it has one
  if (values.help && command === 'catalogue') {
    console.log(INGEST_USAGE);
    return 0;
  }
  if (command === 'help' || !command || values.help) {
    console.log(HELP);
    return 0;
  }
  if (command === 'worker') {
    // no database, no HTTP: only the engine's runner (loaded here, so other commands stay light)
    const { runWorker } = await import('./engine/executors/queue-worker.js');
    const { modelTaskScript } = await import('./modules/models/onnx-inference.js');
    return runWorker(loadConfig(), { modelScript: modelTaskScript() });
  }
  if (command === 'catalogue' && username === 'ingest') {
    // loaded here, so other commands stay light
    const { runIngestCommand } = await import('./modules/catalogue/ingest-command.js');
    const options = { owner: values.owner, public: values.public, collection: values.collection, skipInvalid: values['skip-invalid'] };
    return runIngestCommand(
      loadConfig({ ...process.env, LOG_LEVEL: 'warn', ASB_ENGINE: 'false', ASB_DEMO: 'false' }),
      positionals[2],
      options,
      async (config) => {
        const app = await buildApp(config, { logger: false, holder: 'asb catalogue ingest' });
        return { app, store: app.ctx.catalogue };
      },
    );
  }
  if ((command !== 'create-user' && command !== 'reset-password') || !username) {
    console.error(HELP);
    return 2;
  }
  const app = await buildApp(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), { logger: false, holder: `asb ${command}` });
  try {
    if (command === 'create-user') {
      const user = await app.users.create({
        username,
        password: values.password,
        email: values.email,
        is_staff: values.staff || values.superuser,
        is_superuser: values.superuser,
      });
      console.log(`Created user ${user.username}${user.password ? ` with password: ${user.password}` : ''}`);
    } else {
      const password = await app.users.setPassword(username, values.password);
      console.log(`Password of ${username} reset${values.password ? '' : `: ${password}`}`);
    }
    return 0;
  } catch (error) {
    const body = (error as { body?: unknown }).body;
    console.error(body ? JSON.stringify(body) : String(error));
    return 1;
  } finally {
    await app.close();
  }
}
