import type { ApplicationResources } from '../../config.js';
import type { ExecutionModel } from '../execution-kind.js';
import type { ExecutionRow } from '../ports.js';
import { DagPlan } from './dag-plan.js';
import type { ExecutionContext, RunnableVersion } from './execution-context.js';

/** The one task of a model execution (its log is logs/model.1.log, its outputs model/). */
export const MODEL_TASK = 'model';

/**
 * The plan of a model execution (docs/models.md "Model executions"): one task running the
 * pinned ONNX model, no workflow version. It runs with the applications' resources
 * (ASB_APPLICATION_*: one CPU, their memory, disk and time-out), no retries, no network.
 */
export function modelContext(execution: ExecutionRow, resources: ApplicationResources): ExecutionContext {
  const model = execution.model as ExecutionModel;
  const key = `onnx:${model.collection}/${model.identifier}`;
  const plan = new DagPlan({
    nodes: [{ id: MODEL_TASK, kind: 'process', processVersion: key, label: model.title || model.identifier, position: { x: 0, y: 0 }, inputs: {} }],
    edges: [],
  });
  const version: RunnableVersion = {
    identifier: key,
    manifest: [],
    signature: { inputs: [], outputs: [], dependencies: [] },
    cpus: 1,
    memoryMb: resources.memoryMb,
    diskMb: resources.diskMb,
    network: false,
    retries: 0,
    retryDelayMs: 0,
    timeoutMs: resources.timeoutMs,
  };
  return { execution, plan, versions: new Map([[key, version]]), dataTypeLabels: new Map(), model };
}
