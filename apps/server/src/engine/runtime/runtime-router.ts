import { LOCAL_TARGET } from '@asb/contracts';
import type { TaskJob } from '../executors/executor.js';
import type { PreparedTask, TaskRuntime } from './task-runtime.js';

export interface RuntimeRoutes {
  /** processes of workflows: the python runner */
  python: TaskRuntime;
  /** applications on the Default (local) target: cwltool (cwl-runtime.ts) */
  cwl?: TaskRuntime;
  /** applications on an ADES: the OGC API – Processes client (ogc-runtime.ts), given by the composition root */
  ogc?: TaskRuntime;
  /** models of the catalogue: onnxruntime-node in the sandbox (model-runtime.ts) */
  model?: TaskRuntime;
}

/**
 * The runtime of each task (docs/engine.md "Executors and runtimes"): a workflow's process runs in the
 * python runtime; an application's task (TaskJob.application) in the CWL runtime on the
 * Default target ('local'), else in the OGC runtime on the ADES it names; a model's task
 * (TaskJob.model) in the model runtime. The executor
 * drives whichever it gets the same way.
 */
export class RuntimeRouter implements TaskRuntime {
  readonly name = 'router';

  constructor(private readonly routes: RuntimeRoutes) {}

  /** The runtime a job runs in; throws when this server has none for it. */
  runtimeOf(job: Pick<TaskJob, 'application' | 'model'>): TaskRuntime {
    if (job.model) {
      if (!this.routes.model) throw new Error('This server does not run models (no model runtime).');
      return this.routes.model;
    }
    if (!job.application) return this.routes.python;
    if (job.application.target === LOCAL_TARGET.value) {
      if (!this.routes.cwl) throw new Error('This server does not run CWL applications locally (no CWL runtime).');
      return this.routes.cwl;
    }
    if (!this.routes.ogc) throw new Error(`This server cannot run applications on the ADES ${job.application.target} (no OGC API – Processes runtime).`);
    return this.routes.ogc;
  }

  prepare(job: TaskJob): PreparedTask | Promise<PreparedTask> {
    return this.runtimeOf(job).prepare(job);
  }
}
