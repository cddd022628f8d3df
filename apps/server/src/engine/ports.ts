import type {
  ExecutionInputGroup,
  ExecutionResults,
  ProcessSignature,
  ProductOrder,
  SnapshotEntry,
  WorkflowExecutionOrder,
  WorkflowGraph,
} from '@asb/contracts';
import type { ExecutionApplication, ExecutionKind, ExecutionModel } from './execution-kind.js';

/**
 * What the engine needs from the rest of the server (docs/architecture.md "The engine"), as
 * platform/ declares PlatformContext: the engine imports no module; the composition
 * root (src/engine-ports.ts) hands it these. The executions table is the builder's.
 */
export interface EnginePorts {
  /** every write of the executions table the engine makes (the builder's ExecutionsRepository) */
  executions: ExecutionStore;
  /** the pinned workflows and the process versions they run (the knowledge module) */
  workflows: WorkflowSource;
  /** how an execution's sealed inputs and its owner's secrets open (the keystore, the users' secrets) */
  inputKeys: InputKeys;
  /** the script a model execution's task runs in the sandbox (the models module's runtime/model-task.mjs) */
  modelTaskScript: string;
}

/** The folder the server keeps its data in (the datastore's local side is below it). */
export interface DataRoot {
  readonly root: string;
}

/** An execution as the engine reads it: a row of the builder's executions table. */
export interface ExecutionRow {
  id: number;
  identifier: string;
  label: string;
  ownerId: string;
  kind: ExecutionKind;
  /** the workflow run; null for an application or a model */
  processorId: number | null;
  processorVersion: number;
  application: ExecutionApplication | null;
  model: ExecutionModel | null;
  status: string;
  progress: number;
  inputs: ExecutionInputGroup[];
  executionResults: ExecutionResults | null;
  workflowExecutionOrder: WorkflowExecutionOrder;
  workflowExecutionId: string | null;
  datastore: string | null;
  productOrder: ProductOrder | null;
  startTime: Date | null;
  endTime: Date | null;
  createdAt: Date;
}

/** The columns of an execution a live message needs. */
export type ExecutionSummary = Pick<ExecutionRow, 'id' | 'identifier' | 'status' | 'progress' | 'ownerId' | 'application' | 'model'>;
/** The final states the engine ends a run with (transitions.ts executionOutcome). */
export type ExecutionOutcome = 'success' | 'failed';

/**
 * The engine's reads and writes of executions. Status changes are conditional on the current
 * status and answer the row only when they applied: two replicas, or a stop racing the end of
 * a run, never both apply.
 */
export interface ExecutionStore {
  find(id: number): Promise<ExecutionRow | undefined>;
  /** ids of the executions the engine has to drive (pending, running) */
  activeIds(): Promise<number[]>;
  /** pending → running: the engine's reference of the run and its datastore folder */
  markRunning(id: number, run: { workflowExecutionId: string; datastore: string }): Promise<ExecutionRow | undefined>;
  /** running → success/failed, every task having ended */
  markFinished(id: number, outcome: ExecutionOutcome, results: ExecutionResults): Promise<ExecutionRow | undefined>;
  /** pending/running → failed for a reason that is the run's, not a task's */
  markFailed(execution: ExecutionRow, reason: string): Promise<ExecutionRow | undefined>;
  /** created/pending/running → stopped */
  markStopped(id: number): Promise<ExecutionRow | undefined>;
  setProgress(id: number, progress: number, results: ExecutionResults): Promise<ExecutionSummary | undefined>;
  /** the results whatever the status (a stopped execution's) */
  setResults(id: number, results: ExecutionResults): Promise<ExecutionRow | undefined>;
  /** the CWL pinned with an application execution at its creation */
  pinnedCwl(id: number): Promise<string | undefined>;
}

/** A released process version as its task runs it: files, signature, and what its image allots. */
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

/** The knowledge store as a workflow execution reads it. */
export interface WorkflowSource {
  /** the graph of a workflow's version; undefined when that version no longer exists */
  graphOf(workflowId: number, version: number): Promise<WorkflowGraph | undefined>;
  /** the named process versions that still exist */
  runnableVersions(identifiers: string[]): Promise<RunnableVersion[]>;
  /** data type identifier → label (the results' data types) */
  dataTypeLabels(): Promise<Map<string, string>>;
  /** whether `owner` may read the process version now: a secret goes only to code its owner may read */
  mayRead(owner: string, processVersion: string): Promise<boolean>;
}

/** How a task's secret inputs open. */
interface InputKeys {
  /** a password input sealed for the execution `executionIdentifier` */
  open(sealed: string, executionIdentifier: string): Promise<string | undefined>;
  /** the value of the owner's secret `tag` */
  secret(owner: string, tag: string): Promise<string | undefined>;
}
