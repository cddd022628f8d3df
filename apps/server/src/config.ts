import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_THEME_FEATURES, type InstanceLinks } from '@asb/contracts';
import { BUILD_TIMESTAMP } from './build-stamp.js';
import { ConfigError, parseEnv, type Env, type EXECUTORS, type TASK_NETWORKS } from './config.schema.js';

export { ConfigError };

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
interface QueueConfig {
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
interface EngineConfig {
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
interface HttpProcesses {
  /** ASB_HTTP_PROCESSES: how many answer on the port */
  count: number;
  /**
   * whether this one does what must run once per machine: migrations first, seeding, the engine
   * (orchestrator, scheduler, sweeps, recoveries); false in the others the primary starts
   */
  designated: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: live events across replicas, and the queue executor */
  redisUrl: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  instanceName: string;
  theme: string;
  themeFeatures: string[];
  externalDatastoreUrl: string | null;
  /** ASB_*_URL: addresses of the navbar's links out; null = the entry is hidden */
  links: InstanceLinks;
  /** ASB_BASEMAP_URL: the maps' XYZ tile template; null = the base map shipped with the web app */
  basemapUrl: string | null;
  /** the user documentation served at /docs/ (Markdown, docs/user in the repository) */
  userDocsDir: string;
  secretKey: string | undefined;
  /**
   * ASB_SECRETS_KEY_FILE: the key users' secrets are encrypted with, when ASB_SECRET_KEY is not set
   * (docs/security.md "Secrets"); default ~/.config/asb/secrets.key, outside the data directory
   */
  secretsKeyFile: string;
  publicUrl: string | undefined;
  /** ASB_TRUSTED_PROXIES: addresses or CIDRs whose X-Forwarded-* headers are believed; none by default */
  trustedProxies: string[];
  /** ASB_OUTBOUND_ALLOW: CIDR ranges the server may fetch from for a user besides public addresses (docs/security.md); none by default */
  outboundAllow: string[];
  /** ASB_STAC_REMOTES: remote STAC APIs searched by the product search (docs/catalogue.md "Remote catalogues") */
  stacRemotes: { name: string; url: string }[];
  /** MLFLOW_TRACKING_URI: the MLflow tracking server training runs are read from instead of the portal's run store (docs/models.md) */
  mlflowTrackingUri: string | undefined;
  webDistDir: string;
  oidc: OidcConfig | undefined;
  logLevel: string;
  /** interpreter for the process runtime helpers (docs/process-runtime.md) */
  pythonCommand: string;
  /** a build refuses archives that expand to more than this */
  maxExtractedBytes: number;
  /** ASB_PRODUCT_STAGING_MB: what the product inputs of one task may download or copy together (docs/engine.md "Staging products") */
  productStagingBytes: number;
  uploads: UploadLimits;
  registry: RegistryConfig | undefined;
  /** seed the demo (workspace, example processes, workflow) on a first start; ASB_DEMO=false turns it off */
  demo: boolean;
  engine: EngineConfig;
  /** what an application execution's task may use (docs/applications.md "Running applications") */
  applications: ApplicationResources;
  sandbox: SandboxConfig;
  /** ASB_SCHEDULER_TICK_MS: how often the scheduler looks for due schedules (docs/schedules.md), on engine replicas */
  schedulerTickMs: number;
  /** ASB_UNSUBMITTED_EXECUTION_HOURS: an execution created but never submitted is deleted after this long (docs/engine.md) */
  unsubmittedExecutionMs: number;
  /** ASB_OGCAPI_SYNC_SECONDS: how long an OGC API execute without `Prefer: respond-async` waits for its job to end before answering as async (docs/ogcapi.md); 0 = always async */
  ogcapiSyncMs: number;
  /** ASB_ADES_POLL_MS: how often the status of a job on an ADES is read (docs/ades.md); default 2000 */
  adesPollMs: number;
  /** ASB_MODEL_SERVICES_MAX / ASB_MODEL_SERVICES_PER_USER: model services running at once in the whole portal (counted in the database), and per user (docs/models.md); 4 and 2 */
  modelServices: {
    max: number;
    perUser: number;
    /** ASB_MODEL_SERVICE_LISTEN: this node's gateway for the other replicas (host:port; default 127.0.0.1:0, any free port on loopback) */
    listen: string;
    /** ASB_MODEL_SERVICE_ADDRESS: how the other replicas reach that gateway (default: http://{listen host}:{its port}) */
    address: string | undefined;
    /** ASB_MODEL_SERVICE_HEARTBEAT_MS: how often a node says it lives and sweeps */
    heartbeatMs: number;
    /** ASB_MODEL_SERVICE_DEAD_AFTER_BEATS: a node silent for this many beats is dead (3) */
    deadAfterBeats: number;
  };
  /** ASB_HTTP_PROCESSES and this process's part among them (docs/operations.md "All cores"); unset: one process, designated */
  processes?: HttpProcesses;
  /** ASB_METRICS_TOKEN: the bearer token of GET /metrics (docs/operations.md "Metrics"); unset: /metrics answers 404 */
  metricsToken?: string;
  /** ASB_RASTER_PIXEL_BUDGET: pixels one map request (statistics, preview, tile) may decode (docs/tiles.md "Limits"); default 2^26 */
  rasterPixelBudget: number;
  s3: S3Config | undefined;
  /**
   * ASB_CONTRACT_CHECK=strict: an answer that breaks its operation's response schema fails
   * with 500 instead of being logged (the tests run so; docs/architecture.md, "The contract")
   */
  strictContract: boolean;
  version: string;
  buildTimestamp: string;
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function s3FromEnv(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT;
  const prefix = env.S3_PREFIX ?? '';
  return {
    bucket: env.S3_BUCKET,
    endpoint,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : endpoint !== undefined,
  };
}

function oidcFromEnv(env: Env): OidcConfig | undefined {
  const issuer = env.ASB_OIDC_ISSUER;
  const clientId = env.ASB_OIDC_CLIENT_ID;
  if (!issuer || !clientId) return undefined;
  return {
    issuer,
    clientId,
    clientSecret: env.ASB_OIDC_CLIENT_SECRET ?? '',
    providerName: env.ASB_OIDC_PROVIDER_NAME ?? 'OpenID Connect',
    scopes: env.ASB_OIDC_SCOPES ?? 'openid profile email',
    allowInsecure: env.ASB_OIDC_ALLOW_INSECURE,
  };
}

function registryFromEnv(env: Env): RegistryConfig | undefined {
  if (!env.ASB_REGISTRY_URL) return undefined;
  return {
    url: env.ASB_REGISTRY_URL.replace(/\/+$/, ''),
    username: env.ASB_REGISTRY_USERNAME,
    password: env.ASB_REGISTRY_PASSWORD,
    repository: env.ASB_REGISTRY_REPOSITORY ?? 'docker-asb-procs',
  };
}

/**
 * Debian's interpreter, where `apt-get install python3-numpy python3-rasterio` puts the
 * packages wrappers use, even when another python3 (pyenv, a venv) comes first on PATH.
 */
function defaultPython(): string {
  return fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

function queueFromEnv(env: Env): Partial<QueueConfig> {
  const values = {
    workerCpus: env.ASB_WORKER_CPUS,
    lockMs: env.ASB_QUEUE_LOCK_MS,
    stalledCheckMs: env.ASB_QUEUE_STALLED_CHECK_MS,
    maxStalled: env.ASB_QUEUE_MAX_STALLED,
    offers: list(env.ASB_WORKER_OFFERS),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function sandboxFromEnv(env: Env): SandboxConfig {
  return {
    enabled: !env.ASB_UNSAFE_NO_SANDBOX,
    network: env.ASB_TASK_NETWORK,
    uid: env.ASB_TASK_UID,
    gid: env.ASB_TASK_GID,
    maxProcesses: env.ASB_TASK_MAX_PROCESSES,
    passEnv: list(env.ASB_TASK_ENV) ?? [],
    bwrap: env.ASB_BWRAP ?? 'bwrap',
    outboundAllow: list(env.ASB_OUTBOUND_ALLOW) ?? [],
    poolSize: env.ASB_SANDBOX_POOL,
  };
}

/** ASB_HTTP_PROCESSES: PGlite lives inside one process, so it is 1 there; with PostgreSQL every CPU by default. */
function httpProcessCount(env: Env): number {
  if (!env.DATABASE_URL) {
    if (env.ASB_HTTP_PROCESSES !== undefined && env.ASB_HTTP_PROCESSES > 1)
      throw new ConfigError([
        `ASB_HTTP_PROCESSES must be 1 with the embedded PGlite database, which lives inside one process (got ${env.ASB_HTTP_PROCESSES}): set DATABASE_URL to a PostgreSQL database to run several`,
      ]);
    return 1;
  }
  return env.ASB_HTTP_PROCESSES ?? os.availableParallelism();
}

/** Whether this process does the once-per-machine work (a lone process does). */
export function isDesignatedProcess(config: Pick<AppConfig, 'processes'>): boolean {
  return config.processes?.designated !== false;
}

/** Whether this process runs the engine: ASB_ENGINE is not false and it is the designated one of its machine. */
export function runsEngine(config: Pick<AppConfig, 'engine' | 'processes'>): boolean {
  return config.engine.enabled !== false && isDesignatedProcess(config);
}

/** The executor the engine uses: ASB_EXECUTOR, else the queue when Redis is configured. */
export function executorKind(config: Pick<AppConfig, 'engine' | 'redisUrl'>): ExecutorKind {
  return config.engine.executor ?? (config.redisUrl ? 'queue' : 'local');
}

const MB = 1024 * 1024;

/**
 * Every setting comes from the environment (README.md documents the table), checked by
 * envSchema: a ConfigError lists every variable that cannot be read.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = parseEnv(environment);
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    port: env.PORT,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.ASB_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    adminUsername: env.ASB_ADMIN_USERNAME,
    adminPassword: env.ASB_ADMIN_PASSWORD,
    instanceName: env.ASB_INSTANCE_NAME ?? 'ASB',
    theme: env.ASB_THEME ?? 'asb',
    themeFeatures: list(env.ASB_THEME_FEATURES) ?? [...ALL_THEME_FEATURES],
    externalDatastoreUrl: env.ASB_EXTERNAL_DATASTORE_URL ?? null,
    links: {
      workspace_controller: env.ASB_WORKSPACE_CONTROLLER_URL ?? null,
      notebook: env.ASB_NOTEBOOK_URL ?? null,
      model_tracking: env.ASB_MODEL_TRACKING_URL ?? null,
      video_guides: env.ASB_VIDEO_GUIDES_URL ?? null,
      project_deliverables: env.ASB_PROJECT_DELIVERABLES_URL ?? null,
    },
    basemapUrl: env.ASB_BASEMAP_URL ?? null,
    userDocsDir: path.join(here, '../../../docs/user'),
    secretKey: env.ASB_SECRET_KEY,
    secretsKeyFile: path.resolve(
      env.ASB_SECRETS_KEY_FILE ?? path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), 'asb', 'secrets.key'),
    ),
    publicUrl: env.ASB_PUBLIC_URL,
    trustedProxies: list(env.ASB_TRUSTED_PROXIES) ?? [],
    outboundAllow: list(env.ASB_OUTBOUND_ALLOW) ?? [],
    stacRemotes: env.ASB_STAC_REMOTES,
    mlflowTrackingUri: env.MLFLOW_TRACKING_URI,
    webDistDir: path.resolve(env.ASB_WEB_DIST ?? path.join(here, '../../web/dist')),
    oidc: oidcFromEnv(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    pythonCommand: env.ASB_PYTHON ?? defaultPython(),
    maxExtractedBytes: env.ASB_MAX_EXTRACTED_MB * MB,
    productStagingBytes: env.ASB_PRODUCT_STAGING_MB * MB,
    uploads: {
      requestBytes: env.ASB_UPLOAD_REQUEST_MB * MB,
      filesPerRequest: env.ASB_UPLOAD_MAX_FILES,
      bucketBytes: env.ASB_BUCKET_MB * MB,
    },
    registry: registryFromEnv(env),
    demo: env.ASB_DEMO,
    engine: {
      localCpus: env.ASB_LOCAL_CPUS ?? os.cpus().length,
      sweepIntervalMs: env.ASB_ENGINE_SWEEP_MS,
      executor: env.ASB_EXECUTOR,
      queue: queueFromEnv(env),
      enabled: env.ASB_ENGINE,
    },
    applications: {
      timeoutMs: env.ASB_APPLICATION_TIMEOUT_S * 1000,
      memoryMb: env.ASB_APPLICATION_MEMORY_MB,
      diskMb: env.ASB_APPLICATION_DISK_MB,
      cwltool: env.ASB_CWLTOOL ?? (fs.existsSync('/usr/bin/cwltool') ? '/usr/bin/cwltool' : 'cwltool'),
    },
    sandbox: sandboxFromEnv(env),
    schedulerTickMs: env.ASB_SCHEDULER_TICK_MS,
    unsubmittedExecutionMs: Math.round(env.ASB_UNSUBMITTED_EXECUTION_HOURS * 3_600_000),
    ogcapiSyncMs: env.ASB_OGCAPI_SYNC_SECONDS * 1000,
    adesPollMs: env.ASB_ADES_POLL_MS,
    modelServices: {
      max: env.ASB_MODEL_SERVICES_MAX,
      perUser: env.ASB_MODEL_SERVICES_PER_USER,
      listen: env.ASB_MODEL_SERVICE_LISTEN ?? '127.0.0.1:0',
      address: env.ASB_MODEL_SERVICE_ADDRESS,
      heartbeatMs: env.ASB_MODEL_SERVICE_HEARTBEAT_MS,
      deadAfterBeats: env.ASB_MODEL_SERVICE_DEAD_AFTER_BEATS,
    },
    rasterPixelBudget: env.ASB_RASTER_PIXEL_BUDGET,
    processes: { count: httpProcessCount(env), designated: env.ASB_PROCESS_ROLE !== 'http' },
    metricsToken: env.ASB_METRICS_TOKEN,
    s3: s3FromEnv(env),
    strictContract: env.ASB_CONTRACT_CHECK === 'strict',
    version: env.ASB_VERSION ?? process.env.npm_package_version ?? '0.1.0',
    buildTimestamp: env.ASB_BUILD_TIMESTAMP ?? BUILD_TIMESTAMP,
    ...overrides,
  };
}
