import type { ApplicationResources } from '../../config.js';
import type { ExecutionApplication } from '../execution-kind.js';
import type { ExecutionRow } from '../ports.js';
import { DagPlan } from './dag-plan.js';
import type { ExecutionContext, RunnableVersion } from './execution-context.js';

/** The one task of an application execution (its log is logs/application.1.log, its outputs application/). */
export const APPLICATION_TASK = 'application';

/** The data type an output's CWL type shows as in executionResults ('File' → file, 'File[]' → file-list, ...). */
function outputDataType(cwlType: string): string {
  const base = cwlType.replace(/\?$/, '');
  if (base === 'File' || base === 'Directory') return base.toLowerCase();
  if (base === 'File[]' || base === 'Directory[]') return `${base.slice(0, -2).toLowerCase()}-list`;
  return base;
}

/**
 * The plan of an application execution (docs/applications.md "Running applications"): one
 * task, no workflow version. Its "version" is the application as pinned at creation; the
 * resources are the operator's (ASB_APPLICATION_*): one CPU, no retries.
 */
export function applicationContext(execution: ExecutionRow, resources: ApplicationResources): ExecutionContext {
  const application = execution.application as ExecutionApplication;
  const key = `cwl:${application.collection}/${application.identifier}`;
  const plan = new DagPlan({
    nodes: [
      { id: APPLICATION_TASK, kind: 'process', processVersion: key, label: application.title || application.identifier, position: { x: 0, y: 0 }, inputs: {} },
    ],
    edges: [],
  });
  const version: RunnableVersion = {
    identifier: key,
    manifest: [],
    signature: {
      inputs: [],
      outputs: Object.entries(application.outputTypes).map(([name, type]) => ({ name, dataType: outputDataType(type) })),
      dependencies: [],
    },
    cpus: 1,
    memoryMb: resources.memoryMb,
    diskMb: resources.diskMb,
    network: false,
    retries: 0,
    retryDelayMs: 0,
    timeoutMs: resources.timeoutMs,
  };
  return { execution, plan, versions: new Map([[key, version]]), dataTypeLabels: new Map(), application };
}
