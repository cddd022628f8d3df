import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_THEME_FEATURES, type InstanceLinks } from '@asb/contracts';
import { BUILD_TIMESTAMP } from './config-build-stamp.js';
import { ConfigError, parseEnv } from './config.schema.js';
import type {
  ApplicationResources,
  EngineConfig,
  HttpProcesses,
  OidcConfig,
  RegistryConfig,
  S3Config,
  SandboxConfig,
  UploadLimits,
} from './config-sections.js';
import { defaultPython, httpProcessCount, list, oidcFromEnv, queueFromEnv, registryFromEnv, s3FromEnv, sandboxFromEnv } from './config-from-env.js';

/**
 * The server's settings (AppConfig) and loadConfig, the entry every module imports them from:
 * the sections' types are in config-sections.ts, how each section is read from the environment
 * in config-from-env.ts, which process does what in config-process-roles.ts.
 */
export { ConfigError };
export type { ApplicationResources, OidcConfig, RegistryConfig, S3Config, SandboxConfig, UploadLimits } from './config-sections.js';
export { executorKind, isDesignatedProcess, runsEngine } from './config-process-roles.js';

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
  /** ASB_CORS_ORIGINS: origins (or `*`) that may read the public catalogue and its assets cross-origin; none by default (docs/security.md "Cross-origin reads") */
  corsOrigins: string[];
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
    corsOrigins: env.ASB_CORS_ORIGINS,
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
