import { LOCAL_TARGET, PRODUCT_DATA_TYPES } from '@asb/contracts';
import type { TaskApplication, TaskJob } from '../executors/executor.js';
import { namesProduct } from '../runtime/product-stager.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import type { NewTask, TaskRow } from '../store/tasks.repository.js';
import type { TaskSpec } from './dag-plan.js';
import type { ExecutionContext } from './execution-context.js';

/** The row of a task of the plan: its identity, and the retries and time-out of its version's image. */
export function newTask(context: ExecutionContext, spec: TaskSpec): NewTask {
  const { execution, plan } = context;
  const node = plan.node(spec.nodeId);
  const version = node.processVersion ? context.versions.get(node.processVersion) : undefined;
  return {
    identifier: `${execution.identifier}.${spec.taskId}`,
    label: node.label || node.processVersion || node.id,
    ownerId: execution.ownerId,
    executionId: execution.id,
    taskId: spec.taskId,
    nodeId: spec.nodeId,
    run: spec.run,
    itemIndex: spec.itemIndex,
    processVersion: node.processVersion ?? null,
    maxTries: 1 + (version?.retries ?? 0),
    retryDelayMs: version?.retryDelayMs ?? 0,
    timeoutMs: version?.timeoutMs ?? null,
  };
}

/** The attempt an executor runs for a claimed task: its version's files and resources, clear inputs, folders; `cwlPath` for an application's. */
export function taskJob(context: ExecutionContext, claimed: TaskRow, clearInputs: Record<string, unknown>, paths: DatastorePaths, cwlPath?: string): TaskJob {
  const { execution } = context;
  const version = context.versions.get(claimed.processVersion ?? '')!;
  const application: TaskApplication | undefined =
    context.application && cwlPath
      ? { cwlPath, processId: context.application.processId, target: context.application.target, staged: context.application.staged }
      : undefined;
  return {
    taskRowId: claimed.id,
    executionId: execution.id,
    executionIdentifier: execution.identifier,
    taskId: claimed.taskId,
    tryNumber: claimed.tryNumber,
    processVersion: { identifier: version.identifier, manifest: version.manifest },
    inputs: clearInputs,
    owner: execution.ownerId,
    // on an ADES the product's URL goes to the remote server as a reference: nothing is staged here (docs/ades.md)
    productInputs: application
      ? application.target === LOCAL_TARGET.value
        ? Object.keys(application.staged ?? {}).filter((name) => namesProduct(clearInputs[name]))
        : []
      : version.signature.inputs.filter((input) => PRODUCT_DATA_TYPES.has(input.dataType.toLowerCase())).map((input) => input.name),
    outDir: paths.taskOutDir(execution.ownerId, execution.identifier, claimed.taskId),
    logPath: paths.taskLog(execution.ownerId, execution.identifier, claimed.taskId, claimed.tryNumber),
    cpus: version.cpus,
    memoryMb: version.memoryMb,
    diskMb: version.diskMb,
    network: version.network,
    timeoutMs: claimed.timeoutMs ?? version.timeoutMs,
    ...(application ? { application } : {}),
    ...(context.model ? { model: context.model } : {}),
  };
}
