import type { EXECUTORS, TASK_NETWORKS } from './config.schema.js';

/** The sections of the server's settings (AppConfig in config.ts). */

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
  scopes: string;
  /** http issuers are accepted only when explicitly allowed (tests, private networks) */
  allowInsecure: boolean;
}

/** A container registry browsed by the repository browser (Docker Registry HTTP API v2). */
export interface RegistryConfig {
  url: string;
  username: string | undefined;
  password: string | undefined;
  /** the spec's repository: only repositories named `{repository}` or `{repository}/...` are listed */
  repository: string;
}

/** Where tasks run: child processes of the server, or `asb worker` processes through Redis. */
export type ExecutorKind = (typeof EXECUTORS)[number];

/** The queue executor's workers (`asb worker`; docs/engine.md, "queue"). */
export interface QueueConfig {
  /** ASB_WORKER_CPUS: CPUs a worker hands out to running tasks at once (default: its machine's) */
  workerCpus: number;
  /** ASB_WORKER_OFFERS: what a worker offers at most, of what it can run (default: all it can) */
  offers: string[];
  /** ASB_QUEUE_LOCK_MS: a dead worker's tasks are delivered again after this */
  lockMs: number;
  /** ASB_QUEUE_STALLED_CHECK_MS: how often workers look for such tasks */
  stalledCheckMs: number;
  /** ASB_QUEUE_MAX_STALLED: how often one attempt is delivered again before it fails */
  maxStalled: number;
}

/** S3_*: the datastore in an S3 bucket (docs/engine.md, "Datastore"); unset: files stay in the data directory. */
export interface S3Config {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible store (MinIO, Ceph, s3rver); unset: AWS */
  endpoint?: string;
  region: string;
  /** unset: the AWS SDK's default credentials (environment, profile, instance role) */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** S3_PREFIX: put before every key ('' or ending in '/') */
  prefix: string;
  /** S3_FORCE_PATH_STYLE: bucket in the path, not the host name; default true with S3_ENDPOINT */
  forcePathStyle: boolean;
}

/** ASB_TASK_NETWORK: which tasks get the network (docs/security.md#network). */
type TaskNetwork = (typeof TASK_NETWORKS)[number];

/** The task sandbox (docs/security.md). */
export interface SandboxConfig {
  /** false only with ASB_UNSAFE_NO_SANDBOX=true: tasks then run as the server's own user */
  enabled: boolean;
  network: TaskNetwork;
  /** ASB_TASK_UID / ASB_TASK_GID: the unprivileged user tasks run as when the server runs as root */
  uid: number;
  gid: number;
  /** ASB_TASK_MAX_PROCESSES: processes each task may have (pids.max of its control group; without one, RLIMIT_NPROC of the task user, for all tasks together) */
  maxProcesses: number;
  /** ASB_TASK_ENV: names of server environment variables tasks may see (beside the sandbox's own) */
  passEnv: string[];
  /** ASB_BWRAP: the bubblewrap binary */
  bwrap: string;
  /** ASB_OUTBOUND_ALLOW: what a task with the network may reach besides public addresses (docs/security.md#network) */
  outboundAllow: string[];
  /** ASB_SANDBOX_POOL: sandboxes made ahead for tasks without the network, as root (docs/security.md "Prepared sandboxes"); 0: none */
  poolSize: number;
}

/** The engine (docs/engine.md). */
export interface EngineConfig {
  /** CPUs the local executor hands out to running tasks at once */
  localCpus: number;
  /** how often running executions are looked at without an event */
  sweepIntervalMs: number;
  /** ASB_EXECUTOR; unset: 'queue' when REDIS_URL is set, else 'local' (executorKind()) */
  executor?: ExecutorKind;
  /** unset values take the defaults of engine/executors/queue-protocol.ts */
  queue?: Partial<QueueConfig>;
  /**
   * ASB_ENGINE=false: this replica serves the API but runs no orchestrator (API-only
   * replicas beside engine replicas; tests of the API alone). Default true.
   */
  enabled?: boolean;
}

/** The resources of a CWL application's task: one CPU, and these (ASB_APPLICATION_*). */
export interface ApplicationResources {
  /** ASB_APPLICATION_TIMEOUT_S (default 3600) */
  timeoutMs: number;
  /** ASB_APPLICATION_MEMORY_MB (default 4096; 0: no limit) */
  memoryMb: number;
  /** ASB_APPLICATION_DISK_MB (default 10240) */
  diskMb: number;
  /** ASB_CWLTOOL: the cwltool command (default /usr/bin/cwltool, Debian's) */
  cwltool: string;
}

/** Bucket uploads (docs/security.md "Uploads"); each file is limited to MAX_UPLOAD_BYTES (contracts) besides. */
export interface UploadLimits {
  /** ASB_UPLOAD_REQUEST_MB: all files of one upload request together */
  requestBytes: number;
  /** ASB_UPLOAD_MAX_FILES: files in one upload request */
  filesPerRequest: number;
  /** ASB_BUCKET_MB: all files of one bucket together */
  bucketBytes: number;
}

/** The HTTP processes of one machine (docs/operations.md "All cores"). */
export interface HttpProcesses {
  /** ASB_HTTP_PROCESSES: how many answer on the port */
  count: number;
  /**
   * whether this one does what must run once per machine: migrations first, seeding, the engine
   * (orchestrator, scheduler, sweeps, recoveries); false in the others the primary starts
   */
  designated: boolean;
}
