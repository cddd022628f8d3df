import type { FastifyInstance } from 'fastify';
import { executorKind, runsEngine } from '../config.js';
import type { PlatformContext } from '../platform/context.js';
import type { DataRoot, EnginePorts } from './ports.js';
import type { ExecutorCallbacks, TaskExecutor } from './executors/executor.js';
import { LocalExecutor } from './executors/local-executor.js';
import { killOrphan } from './executors/process-group.js';
import { QueueExecutor } from './executors/queue-executor.js';
import { CwlRuntime } from './runtime/cwl-runtime.js';
import { ModelRuntime } from './runtime/model-runtime.js';
import type { ProductResolver, ProductStager } from './runtime/product-stager.js';
import { PythonRuntime } from './runtime/python-runtime.js';
import { RuntimeRouter } from './runtime/runtime-router.js';
import type { TaskRuntime } from './runtime/task-runtime.js';
import { openSandbox } from './sandbox/open-sandbox.js';
import type { TaskSandbox } from './sandbox/task-sandbox.js';
import { Orchestrator } from './orchestrator/orchestrator.js';
import { DatastorePaths } from './store/datastore-paths.js';
import { openDatastore, type Datastore } from './store/datastore.js';

/** What the rest of the server uses of the engine (the executions routes stop runs and serve files; the tile service reads the datastore). */
export interface Engine {
  orchestrator: Orchestrator;
  paths: DatastorePaths;
  datastore: Datastore;
  /** the task sandbox of the local executor (the model services run in it too); none with the queue executor */
  sandbox?: TaskSandbox;
}

/**
 * The engine (docs/engine.md): the orchestrator and its executor, started with the server.
 * Local: on close, running attempts are ended and recorded as interrupted, to run again at
 * the next start. Queue (REDIS_URL): attempts run on `asb worker` processes, which go on
 * while servers stop and start; the worker reports are handled once the orchestrator
 * recovered. `stager` puts EO-product inputs in place before a task runs (the catalogue's,
 * given by the composition root: the engine does not know the catalogue). Each task's
 * runtime is chosen by the RuntimeRouter: python, cwl (applications on the Default target)
 * or `ogcRuntime` (applications on an ADES; the ADES module gives it), model (models of the catalogue).
 */
export async function registerEngine(
  app: FastifyInstance,
  ctx: PlatformContext,
  ports: EnginePorts,
  storage: DataRoot,
  options: { stager?: ProductStager; resolver?: ProductResolver; ogcRuntime?: TaskRuntime } = {},
): Promise<Engine> {
  const paths = new DatastorePaths(storage.root);
  const kind = executorKind(ctx.config);
  // with the local executor every attempt ran here and was stored before its execution ended: the working folder can go
  const datastore = await openDatastore(ctx.config.s3, paths, { pruneLocal: kind === 'local' });
  const orchestrator = new Orchestrator(ctx, ports, paths, { sweepIntervalMs: ctx.config.engine.sweepIntervalMs, killOrphan, datastore });
  let executor: TaskExecutor;
  let queue: QueueExecutor | undefined;
  let sandbox: TaskSandbox | undefined;
  if (kind === 'queue') {
    if (!ctx.config.redisUrl) throw new Error('ASB_EXECUTOR=queue needs REDIS_URL.');
    const { ogcRuntime, stager } = options;
    // applications on an ADES are HTTP calls, not code: this server makes them (docs/engine.md "Capabilities")
    const ades =
      ogcRuntime && ((callbacks: ExecutorCallbacks) => new LocalExecutor({ runtime: ogcRuntime, datastore, totalCpus: 1, log: ctx.log, stager }, callbacks));
    executor = queue = new QueueExecutor({ redisUrl: ctx.config.redisUrl, log: ctx.log, ades, datastore, resolver: options.resolver }, orchestrator);
  } else {
    // refuses to start without a working sandbox (unless ASB_UNSAFE_NO_SANDBOX=true, with a warning)
    sandbox = openSandbox(ctx.config.sandbox, ctx.config.pythonCommand, ctx.log, paths.disksDir);
    const runtime = new RuntimeRouter({
      python: new PythonRuntime({ paths, sandbox, datastore }),
      cwl: new CwlRuntime({ sandbox, cwltool: ctx.config.applications.cwltool }),
      ogc: options.ogcRuntime,
      model: new ModelRuntime({ sandbox, script: ports.modelTaskScript }),
    });
    executor = new LocalExecutor({ runtime, datastore, totalCpus: ctx.config.engine.localCpus, log: ctx.log, stager: options.stager }, orchestrator);
  }
  orchestrator.attach(executor);
  app.addHook('onClose', async () => {
    await orchestrator.close();
    await sandbox?.close();
    await datastore.close();
  });
  // ASB_ENGINE=false, or an HTTP process beside the designated one (docs/operations.md "All cores"): the API
  // (stop included) without orchestrating: another process runs the executions
  const engine = { orchestrator, paths, datastore, sandbox };
  if (!runsEngine(ctx.config)) return engine;
  app.addHook('onReady', async () => {
    await orchestrator.start();
    queue?.start();
  });
  return engine;
}
