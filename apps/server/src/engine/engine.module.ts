import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import type { BucketStorage } from '../modules/procimp/storage/bucket-storage.js';
import { registerEngineRoutes } from './engine.routes.js';
import { LocalExecutor } from './executors/local-executor.js';
import { killOrphan } from './executors/process-group.js';
import { Orchestrator } from './orchestrator/orchestrator.js';
import { DatastorePaths } from './store/datastore-paths.js';

/**
 * The engine (docs/engine.md): the orchestrator and the local executor, started with the
 * server. On close, running attempts are ended and recorded as interrupted, to run again
 * at the next start.
 */
export async function registerEngine(app: FastifyInstance, ctx: AppContext, storage: BucketStorage): Promise<Orchestrator> {
  const paths = new DatastorePaths(storage.root);
  const orchestrator = new Orchestrator(ctx, paths, { sweepIntervalMs: ctx.config.engine.sweepIntervalMs, killOrphan });
  const executor = new LocalExecutor({ paths, pythonCommand: ctx.config.pythonCommand, totalCpus: ctx.config.engine.localCpus, log: ctx.log }, orchestrator);
  orchestrator.attach(executor);
  registerEngineRoutes(app, ctx, orchestrator, paths);
  app.addHook('onReady', () => orchestrator.start());
  app.addHook('onClose', () => orchestrator.close());
  return orchestrator;
}
