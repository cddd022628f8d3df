/**
 * The portal side of the models benchmark's proxy path (run.ts starts it as a child process: its
 * own event loop, as in production): the real app with the demo (its land-cover model trained at
 * the first start), the engine on (a node that runs model services), a user whose service of the
 * demo model is started and available. Prints one JSON line `{"benchPortal": …}` — the port, the
 * user's authorization, the service's infer URL and its model file — then serves until stdin closes.
 *
 * With BENCH_DATABASE_URL (PostgreSQL), a replica without the engine listens too: a request to it
 * crosses the node's gateway over HTTP, as between two machines (docs/models.md "Across replicas").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelServiceInfo } from '@asb/contracts';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig, type AppConfig } from '../../apps/server/src/config.js';
import { DEMO_MODEL_ID, demoModelsCollection } from '../../apps/server/src/modules/demo/demo-models.js';
import { openDatabase } from '../../apps/server/src/platform/db/client.js';
import { freshPostgres } from '../../apps/server/test/helpers/fresh-postgres.js';

const MODEL = `/backend/catalogue/stac/collections/${demoModelsCollection('admin')}/models/${DEMO_MODEL_ID}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-bench-models-portal-'));
const pgDb = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL, 'asb_bench') : undefined;
const config = loadConfig(
  { ASB_ADMIN_USERNAME: 'admin', ASB_ADMIN_PASSWORD: 'bench-admin-password', ASB_WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn' },
  { dataDir, databaseUrl: pgDb?.url, demo: true },
);
const app = await buildApp(config, {});
await app.users.ensureAdmin();
await app.server.listen({ port: 0, host: '127.0.0.1' });
const row = await app.ctx.users.insert({ username: 'bench', passwordHash: 'not-for-signing-in' });
const authorization = `Bearer ${await app.users.signIn.issueToken(row)}`;

const call = async (url: string) => (await app.server.inject({ method: 'GET', url, headers: { authorization } })).json<ModelServiceInfo>();
let info = await call(`${MODEL}/start`);
const deadline = Date.now() + 300_000;
while (info.status !== 'available') {
  if (Date.now() > deadline || info.status === 'error') throw new Error(`the demo model's service is ${info.status}: ${info.error ?? ''}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  info = await call(`${MODEL}/status`);
}
// the demo model's ONNX file, as the catalogue keeps it (the service runs a pinned copy)
const modelFile = fs
  .readdirSync(config.dataDir, { recursive: true, encoding: 'utf8' })
  .map((file) => path.join(config.dataDir, file))
  .find((file) => path.basename(file) === 'model.onnx');
if (!modelFile) throw new Error(`no model.onnx under ${config.dataDir}`);

// a replica that runs no engine: its proxy reaches the service through the node's gateway
let replica: Awaited<ReturnType<typeof buildApp>> | undefined;
if (pgDb) {
  const database = await openDatabase({ databaseUrl: pgDb.url, dataDir: config.dataDir });
  replica = await buildApp({ ...config, engine: { ...config.engine, enabled: false } } satisfies AppConfig, { database });
  await replica.server.listen({ port: 0, host: '127.0.0.1' });
}
const portOf = (server: typeof app.server) => (server.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({
    benchPortal: {
      port: portOf(app.server),
      replicaPort: replica ? portOf(replica.server) : undefined,
      authorization,
      inferPath: new URL(info.model_infer_url!).pathname,
      modelFile,
    },
  })}\n`,
);

process.stdin.resume();
process.stdin.once('end', () => {
  void (async () => {
    await replica?.close();
    await app.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
