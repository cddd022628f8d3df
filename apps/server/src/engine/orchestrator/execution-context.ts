import type { ProcessSignature, SnapshotEntry, WorkflowGraph } from '@asb/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { ApplicationResources } from '../../config.js';
import type { ExecutionApplication, ExecutionModel } from '../../modules/builder/execution-kind.js';
import type { Db } from '../../platform/db/client.js';
import type { ExecutionRow } from '../../modules/builder/executions.repository.js';
import { processImages, processVersions } from '../../modules/knowledge/processes.schema.js';
import { dataTypeLabels } from '../../modules/knowledge/workflow-versions.js';
import { workflowVersions } from '../../modules/knowledge/workflows.schema.js';
import { applicationContext } from './application-context.js';
import { DagPlan } from './dag-plan.js';
import { modelContext } from './model-context.js';

export type { ExecutionRow };

/** A released version as a task runs it: files, signature, and what its image allots. */
export interface RunnableVersion {
  identifier: string;
  manifest: SnapshotEntry[];
  signature: ProcessSignature;
  cpus: number;
  memoryMb: number;
  diskMb: number;
  /** the wrapper declares NETWORK = True (the sandbox decides with ASB_TASK_NETWORK) */
  network: boolean;
  retries: number;
  retryDelayMs: number;
  timeoutMs: number;
}

/** Everything the orchestrator needs about one execution, loaded once per advance. */
export interface ExecutionContext {
  execution: ExecutionRow;
  plan: DagPlan;
  versions: Map<string, RunnableVersion>;
  dataTypeLabels: Map<string, string>;
  /** an application execution (kind 'application'): what it runs, its job order */
  application?: ExecutionApplication;
  /** a model execution (kind 'model'): the model item, its inputs and outputs (its files are pinned in the execution's folder) */
  model?: ExecutionModel;
}

export class ExecutionContextError extends Error {}

/**
 * Loads the pinned graph and the versions it names; throws ExecutionContextError with a reason a user can read.
 * An application or a model execution is a one-task plan of its own (application-context.ts, model-context.ts).
 */
export async function loadExecutionContext(db: Db, execution: ExecutionRow, applications: ApplicationResources): Promise<ExecutionContext> {
  if (execution.kind === 'application') {
    if (!execution.application) throw new ExecutionContextError('The application execution names no application.');
    return applicationContext(execution, applications);
  }
  if (execution.kind === 'model') {
    if (!execution.model) throw new ExecutionContextError('The model execution names no model.');
    return modelContext(execution, applications);
  }
  if (execution.processorId === null) throw new ExecutionContextError('The execution names no workflow.');
  const [pinned] = await db
    .select({ graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, execution.processorId), eq(workflowVersions.version, execution.processorVersion)));
  if (!pinned) throw new ExecutionContextError(`Version ${execution.processorVersion} of the workflow no longer exists.`);
  let plan: DagPlan;
  try {
    plan = new DagPlan(pinned.graph as WorkflowGraph);
  } catch (error) {
    throw new ExecutionContextError((error as Error).message);
  }
  const identifiers = [...new Set(plan.graph.nodes.flatMap((node) => (node.processVersion ? [node.processVersion] : [])))];
  const rows =
    identifiers.length === 0
      ? []
      : await db
          .select({ version: processVersions, image: processImages })
          .from(processVersions)
          .leftJoin(processImages, eq(processImages.versionId, processVersions.id))
          .where(inArray(processVersions.identifier, identifiers));
  const versions = new Map<string, RunnableVersion>();
  for (const { version, image } of rows) {
    versions.set(version.identifier, {
      identifier: version.identifier,
      manifest: version.manifest,
      signature: version.signature,
      cpus: image?.allocatedCpus ?? 1,
      memoryMb: image?.allocatedMem ?? 1024,
      diskMb: image?.allocatedDisk ?? 1024,
      network: version.signature.network === true,
      retries: image?.retries ?? 0,
      retryDelayMs: (image?.retryDelaySeconds ?? 10) * 1000,
      timeoutMs: (image?.timeoutSeconds ?? 3600) * 1000,
    });
  }
  const missing = identifiers.filter((identifier) => !versions.has(identifier));
  if (missing.length > 0) throw new ExecutionContextError(`Process version ${missing.join(', ')} no longer exists.`);
  return { execution, plan, versions, dataTypeLabels: await dataTypeLabels(db) };
}
