import { z } from 'zod';

/**
 * The server's environment, checked once at start-up (README.md, "Configuration"): a value
 * that cannot be read stops the start with a message naming its variable, never a NaN or a
 * silently ignored setting. Unset and empty values take the default, unless a variable says otherwise.
 */

const isBlank = (raw: string | undefined): raw is undefined | '' => raw === undefined || raw.trim() === '';

interface NumberRule {
  whole: boolean;
  min: number;
  max?: number;
}

function describe({ whole, min, max }: NumberRule): string {
  const kind = whole ? 'a whole number' : 'a number';
  if (max !== undefined) return `${kind} from ${min} to ${max}`;
  return `${kind} of ${min} or more`;
}

/** A number setting; blank means `fallback`. */
function numberSetting<T extends number | undefined>(rule: NumberRule, fallback: T) {
  const { whole, min, max = Number.MAX_SAFE_INTEGER } = rule;
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | T => {
      if (isBlank(raw)) return fallback;
      const value = Number(raw);
      if ((whole ? Number.isInteger(value) : Number.isFinite(value)) && value >= min && value <= max) return value;
      ctx.issues.push({ code: 'custom', message: `must be ${describe(rule)} (got "${raw}")`, input: raw });
      return z.NEVER;
    });
}

const whole = <T extends number | undefined>(min: number, fallback: T, max?: number) => numberSetting({ whole: true, min, max }, fallback);
/** megabytes may be fractions (0.5 = 512 KiB) */
const megabytes = (fallback: number) => numberSetting({ whole: false, min: 0 }, fallback);

/** One of a fixed set of words; blank means unset. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (raw) => (typeof raw === 'string' && isBlank(raw) ? undefined : raw),
    z.enum(values, { error: (issue) => `must be one of ${values.join(', ')} (got "${String(issue.input)}")` }).optional(),
  );
}

/** `true` or `false`; blank means `fallback`. */
const flag = (fallback: boolean) => choice(['true', 'false']).transform((value) => (value === undefined ? fallback : value === 'true'));

/** Text where an empty value is a value (`VAR=` sets ''). */
const text = z.string().optional();
/** Text where an empty value counts as unset. */
const setting = z
  .string()
  .optional()
  .transform((raw) => (isBlank(raw) ? undefined : raw));

/** An address a menu entry links to: an http(s) URL or a path of this server; blank means unset (the entry is hidden). */
const link = setting.refine((raw) => raw === undefined || /^\/(?!\/)/.test(raw) || /^https?:\/\/[^\s]+$/.test(raw), {
  message: 'must be an http:// or https:// URL, or a path starting with /',
});

/**
 * An XYZ tile URL template: a path of this server, or http(s) at a host name (`{a-c}.` before it
 * picks one of several), with {z}, {x} and {y} (or {-y}); blank means unset. Its origin goes into
 * the pages' Content-Security-Policy (platform/http/security-headers.ts): nothing else may stand there.
 */
const isTileTemplate = (raw: string) =>
  (/^\/(?!\/)\S*$/.test(raw) || /^https?:\/\/(\{[a-z0-9-]+\}\.)?[a-z0-9.-]+(:\d+)?\/\S*$/i.test(raw)) &&
  raw.includes('{z}') &&
  raw.includes('{x}') &&
  /\{-?y\}/.test(raw);
const tileUrl = setting.refine((raw) => raw === undefined || isTileTemplate(raw), {
  message: 'must be an http:// or https:// URL, or a path starting with /, with {z}, {x} and {y} in it (an XYZ tile template)',
});

/** `*` or origins (`scheme://host[:port]`), comma separated: who may read the public catalogue cross-origin (docs/security.md "Cross-origin reads"). */
const corsOrigins = setting.transform((raw, ctx): string[] => {
  const origins = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const origin of origins) {
    if (origin === '*') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      ctx.issues.push({
        code: 'custom',
        message: `entries are * or origins such as https://stac.example (scheme, host and port, no path; got "${origin}")`,
        input: raw,
      });
      return z.NEVER;
    }
  }
  return origins;
});

/** `name=url,…`: remote STAC APIs searched beside the local catalogue (docs/catalogue.md "Remote catalogues"). */
const stacRemotes = setting.transform((raw, ctx): { name: string; url: string }[] => {
  const remotes: { name: string; url: string }[] = [];
  for (const entry of (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const match = /^([a-z0-9][a-z0-9-]*)=(https?:\/\/\S+)$/i.exec(entry);
    if (!match) {
      ctx.issues.push({ code: 'custom', message: `entries are name=url with a name of letters, digits and - and an http(s) URL (got "${entry}")`, input: raw });
      return z.NEVER;
    }
    const name = match[1]!.toLowerCase();
    if (name === 'local' || remotes.some((remote) => remote.name === name)) {
      ctx.issues.push({ code: 'custom', message: `names ${name} twice or uses the reserved name local`, input: raw });
      return z.NEVER;
    }
    remotes.push({ name, url: match[2]!.replace(/\/+$/, '') });
  }
  return remotes;
});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const EXECUTORS = ['local', 'queue'] as const;
export const TASK_NETWORKS = ['none', 'declared', 'all', 'host'] as const;

const envSchema = z.object({
  PORT: whole(0, 8080, 65535),
  HOST: text,
  ASB_DATA_DIR: text,
  DATABASE_URL: setting,
  REDIS_URL: setting,
  ASB_ADMIN_USERNAME: setting,
  ASB_ADMIN_PASSWORD: setting,
  ASB_INSTANCE_NAME: text,
  ASB_THEME: text,
  /** an empty list switches every feature off; unset switches all on */
  ASB_THEME_FEATURES: text,
  ASB_EXTERNAL_DATASTORE_URL: setting,
  // the navbar's links out (docs/configuration.md#links): each entry is hidden while its address is unset
  ASB_WORKSPACE_CONTROLLER_URL: link,
  ASB_NOTEBOOK_URL: link,
  ASB_MODEL_TRACKING_URL: link,
  ASB_VIDEO_GUIDES_URL: link,
  ASB_PROJECT_DELIVERABLES_URL: link,
  /** the maps' tiles (docs/configuration.md#base-map): the browser fetches them, not the server */
  ASB_BASEMAP_URL: tileUrl,
  ASB_SECRET_KEY: setting,
  ASB_SECRETS_KEY_FILE: setting,
  ASB_PUBLIC_URL: setting,
  ASB_TRUSTED_PROXIES: text,
  ASB_OUTBOUND_ALLOW: text,
  ASB_STAC_REMOTES: stacRemotes,
  ASB_CORS_ORIGINS: corsOrigins,
  /** a real MLflow tracking server the models' training runs are read from (docs/models.md) */
  MLFLOW_TRACKING_URI: link,
  ASB_WEB_DIST: text,
  ASB_OIDC_ISSUER: setting,
  ASB_OIDC_CLIENT_ID: setting,
  ASB_OIDC_CLIENT_SECRET: text,
  ASB_OIDC_PROVIDER_NAME: text,
  ASB_OIDC_SCOPES: text,
  ASB_OIDC_ALLOW_INSECURE: flag(false),
  LOG_LEVEL: choice(LOG_LEVELS),
  ASB_PYTHON: text,
  ASB_MAX_EXTRACTED_MB: megabytes(2048),
  ASB_PRODUCT_STAGING_MB: megabytes(4096),
  ASB_UPLOAD_REQUEST_MB: megabytes(100),
  ASB_UPLOAD_MAX_FILES: whole(1, 200),
  ASB_BUCKET_MB: megabytes(500),
  ASB_REGISTRY_URL: setting,
  ASB_REGISTRY_USERNAME: setting,
  ASB_REGISTRY_PASSWORD: setting,
  ASB_REGISTRY_REPOSITORY: setting,
  ASB_DEMO: flag(true),
  ASB_LOCAL_CPUS: whole(1, undefined),
  ASB_ENGINE_SWEEP_MS: whole(1, 2000),
  ASB_APPLICATION_TIMEOUT_S: whole(1, 3600),
  ASB_APPLICATION_MEMORY_MB: whole(0, 4096),
  ASB_APPLICATION_DISK_MB: whole(0, 10240),
  ASB_CWLTOOL: text,
  ASB_EXECUTOR: choice(EXECUTORS),
  // unset queue timings take the defaults of engine/executors/queue-protocol.ts
  ASB_WORKER_CPUS: whole(1, undefined),
  // what an `asb worker` may offer, of what it finds it can run (engine/executors/worker-capabilities.ts)
  ASB_WORKER_OFFERS: setting.refine(
    (raw) =>
      raw === undefined ||
      raw
        .split(',')
        .map((part) => part.trim())
        .every((part) => part === '' || ['python', 'cwltool', 'onnx'].includes(part)),
    { message: 'is a comma-separated list of python, cwltool, onnx' },
  ),
  ASB_QUEUE_LOCK_MS: whole(1, undefined),
  ASB_QUEUE_STALLED_CHECK_MS: whole(1, undefined),
  ASB_QUEUE_MAX_STALLED: whole(0, undefined),
  ASB_ENGINE: flag(true),
  /** HTTP processes on one port (docs/operations.md "All cores"); unset: 1 with PGlite, the CPUs with PostgreSQL */
  ASB_HTTP_PROCESSES: whole(1, undefined, 256),
  /** set by the primary of several HTTP processes for each one it starts, not by operators: 'http' runs no once-only work */
  ASB_PROCESS_ROLE: choice(['designated', 'http']),
  /** the bearer token GET /metrics asks for (docs/operations.md "Metrics"); unset: no metrics */
  ASB_METRICS_TOKEN: setting,
  ASB_UNSAFE_NO_SANDBOX: flag(false),
  ASB_TASK_NETWORK: choice(TASK_NETWORKS).transform((value) => value ?? 'declared'),
  ASB_TASK_UID: whole(0, 65534, 0xffffffff),
  ASB_TASK_GID: whole(0, 65534, 0xffffffff),
  ASB_TASK_MAX_PROCESSES: whole(0, 4096),
  ASB_TASK_ENV: text,
  ASB_BWRAP: setting,
  /** prepared sandboxes kept ready (docs/security.md "Prepared sandboxes"); 0: each task starts a fresh one */
  ASB_SANDBOX_POOL: whole(0, 2, 64),
  ASB_SCHEDULER_TICK_MS: whole(1, 15000),
  ASB_UNSUBMITTED_EXECUTION_HOURS: numberSetting({ whole: false, min: 0.01 }, 24),
  ASB_OGCAPI_SYNC_SECONDS: whole(0, 60, 3600),
  ASB_ADES_POLL_MS: whole(50, 2000, 600_000),
  ASB_MODEL_SERVICES_MAX: whole(0, 4, 1000),
  ASB_MODEL_SERVICES_PER_USER: whole(0, 2, 1000),
  /** where this node's model service gateway listens for the other replicas (host:port; docs/models.md "Across replicas") */
  ASB_MODEL_SERVICE_LISTEN: setting.refine((raw) => raw === undefined || /^[^\s:]+:\d{1,5}$/.test(raw), { message: 'host:port' }),
  /** the http:// address the other replicas reach that gateway at; default: the listening host and port */
  ASB_MODEL_SERVICE_ADDRESS: setting.refine((raw) => raw === undefined || /^http:\/\/[^\s/]+\/?$/.test(raw), { message: 'an http://host:port address' }),
  ASB_MODEL_SERVICE_HEARTBEAT_MS: whole(50, 5000, 600_000),
  /** how many beats a node may miss before the others take its services (docs/models.md "Across replicas") */
  ASB_MODEL_SERVICE_DEAD_AFTER_BEATS: whole(2, 3, 1000),
  /** 2^26: an 8192² raster without overviews still previews, a 20,000² one (400 MB decoded) does not */
  ASB_RASTER_PIXEL_BUDGET: whole(65_536, 67_108_864),
  S3_BUCKET: setting,
  S3_ENDPOINT: setting,
  S3_REGION: setting,
  S3_ACCESS_KEY_ID: setting,
  S3_SECRET_ACCESS_KEY: setting,
  S3_PREFIX: text,
  /** unset: true exactly when S3_ENDPOINT is set */
  S3_FORCE_PATH_STYLE: choice(['true', 'false']),
  ASB_CONTRACT_CHECK: choice(['strict', 'log']),
  ASB_VERSION: text,
  ASB_BUILD_TIMESTAMP: text,
});

export type Env = z.infer<typeof envSchema>;

/** A start-up error listing every variable that could not be read (main.ts prints it without a stack). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration cannot be read:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The environment read through envSchema, or a ConfigError with every problem at once. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
}
