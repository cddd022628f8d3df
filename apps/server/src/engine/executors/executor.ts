import type { SnapshotEntry } from '@asb/contracts';
import type { ExecutionModel } from '../execution-kind.js';
import type { ResolvedProduct } from '../runtime/product-stager.js';

/** What an executor needs to run one attempt of one task (docs/engine.md). */
export interface TaskJob {
  /** execution_tasks.id */
  taskRowId: number;
  executionId: number;
  executionIdentifier: string;
  taskId: string;
  tryNumber: number;
  /** the released process version: identifier and its content-addressed files */
  processVersion: { identifier: string; manifest: SnapshotEntry[] };
  /** clear values (decrypted here, never stored) */
  inputs: Record<string, unknown>;
  /** the execution's owner (username): product inputs are resolved with their permissions */
  owner?: string;
  /** inputs whose data type names an EO product (PRODUCT_DATA_TYPES): staged before the task runs (runtime/product-stager.ts) */
  productInputs?: string[];
  /** those of this portal's catalogue, resolved by the server when it submitted the job (product-stager.ts) */
  products?: Record<string, ResolvedProduct>;
  /** the folder the task writes its outputs into (created by the executor) */
  outDir: string;
  /** the file its stdout and stderr go to (appended; kept after the task ends) */
  logPath: string;
  cpus: number;
  memoryMb: number;
  /** what the attempt's folders (outputs, work, tmp) may hold */
  diskMb: number;
  /** the version declares it needs the network (docs/security.md) */
  network: boolean;
  timeoutMs: number;
  /**
   * An application execution's task (docs/applications.md "Running applications"): the CWL
   * pinned in the execution's folder, the process it runs, and where ('local': cwltool in the
   * sandbox; else an ADES identifier, the ogc runtime). The RuntimeRouter picks the runtime by it.
   */
  application?: TaskApplication;
  /**
   * A model execution's task (docs/models.md "Model executions"): the model item's inputs and
   * outputs; its ONNX file and input files are pinned in `.package/` of the execution's folder.
   * The RuntimeRouter runs it in the model runtime.
   */
  model?: ExecutionModel;
}

export interface TaskApplication {
  /** the pinned CWL, an absolute path inside the execution's folder */
  cwlPath: string;
  /** the CWL process to run (a Workflow's id of a $graph, or the single process's) */
  processId: string;
  /** 'local' or an ADES identifier */
  target: string;
  /** inputs staged as EO products: given to cwltool as the staged item.json (File) or its folder (Directory) */
  staged?: Record<string, 'File' | 'Directory'>;
}

export type TaskOutcome =
  | { ok: true; outputs: Record<string, unknown> }
  /** `interrupted`: the attempt did not end by itself (stop, shutdown): never retried as a failure of the task */
  | { ok: false; error: string; interrupted?: boolean };

export interface ExecutorCallbacks {
  /**
   * the attempt runs: `handle` identifies it (a pid for the local executor); `startedAt` is
   * when the executor began it (preparing its folders, then starting the process)
   */
  onStarted(job: TaskJob, started: { workerLabel: string; handle: number | null; startedAt: Date }): Promise<void>;
  onFinished(job: TaskJob, outcome: TaskOutcome): Promise<void>;
  /** the queued attempt waits for a reason the user should see ('Waiting: no worker offers cwltool.'); null: it no longer does */
  onWaiting?(job: TaskJob, reason: string | null): Promise<void>;
}

/**
 * One interface for every executor (local child processes, the BullMQ queue). submit()
 * returns at once; the executor reports through the callbacks, exactly once per
 * submitted attempt with onFinished.
 */
export interface TaskExecutor {
  readonly name: string;
  submit(job: TaskJob): void;
  /** ends a running attempt (stop), only that try's when given; it then reports onFinished with interrupted: true */
  cancel(taskRowId: number, tryNumber?: number): Promise<void>;
  /** cancel() reaches the attempt whichever process runs it (the queue: through Redis); else only this process's */
  readonly stopsEverywhere?: boolean;
  /** the label running attempts of this executor carry, to recognise its orphans after a restart */
  readonly workerLabel: string;
  shutdown(): Promise<void>;
  /**
   * Whether an attempt claimed under `workerLabel` never reached this executor: its server died
   * between the claim and the hand-over (stranded-attempts.ts). Only the queue executor has it:
   * a local executor's attempts are recovered when its server starts again (orphan-recovery.ts).
   */
  neverQueued?(attempt: { taskRowId: number; tryNumber: number }): Promise<boolean>;
  /**
   * Of these attempts (in flight on their rows, long unchanged), those that left the queue and
   * whose end no report will tell: no job of their try in any queue, none being added, no report
   * of theirs waiting to be handled (lost-attempts.ts). Only the queue executor has it.
   */
  unreported?(attempts: { taskRowId: number; tryNumber: number }[]): Promise<{ taskRowId: number; tryNumber: number }[]>;
  /** this process's CPU slots, all and free (the engine admin); none for an executor whose workers run elsewhere */
  capacity?(): { slots: number; free: number };
}
