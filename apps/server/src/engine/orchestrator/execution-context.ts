import type { ApplicationResources } from '../../config.js';
import type { ExecutionApplication, ExecutionModel } from '../execution-kind.js';
import type { ExecutionRow, RunnableVersion, WorkflowSource } from '../ports.js';
import { applicationContext } from './application-context.js';
import { DagPlan } from './dag-plan.js';
import { modelContext } from './model-context.js';

export type { ExecutionRow, RunnableVersion };

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
export async function loadExecutionContext(workflows: WorkflowSource, execution: ExecutionRow, applications: ApplicationResources): Promise<ExecutionContext> {
  if (execution.kind === 'application') {
    if (!execution.application) throw new ExecutionContextError('The application execution names no application.');
    return applicationContext(execution, applications);
  }
  if (execution.kind === 'model') {
    if (!execution.model) throw new ExecutionContextError('The model execution names no model.');
    return modelContext(execution, applications);
  }
  if (execution.processorId === null) throw new ExecutionContextError('The execution names no workflow.');
  const graph = await workflows.graphOf(execution.processorId, execution.processorVersion);
  if (!graph) throw new ExecutionContextError(`Version ${execution.processorVersion} of the workflow no longer exists.`);
  let plan: DagPlan;
  try {
    plan = new DagPlan(graph);
  } catch (error) {
    throw new ExecutionContextError((error as Error).message);
  }
  const identifiers = [...new Set(plan.graph.nodes.flatMap((node) => (node.processVersion ? [node.processVersion] : [])))];
  const versions = new Map((await workflows.runnableVersions(identifiers)).map((version) => [version.identifier, version]));
  const missing = identifiers.filter((identifier) => !versions.has(identifier));
  if (missing.length > 0) throw new ExecutionContextError(`Process version ${missing.join(', ')} no longer exists.`);
  return { execution, plan, versions, dataTypeLabels: await workflows.dataTypeLabels() };
}
