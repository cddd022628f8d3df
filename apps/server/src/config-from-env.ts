import fs from 'node:fs';
import os from 'node:os';
import { ConfigError, type Env } from './config.schema.js';
import type { OidcConfig, QueueConfig, RegistryConfig, S3Config, SandboxConfig } from './config-sections.js';

/** How loadConfig (config.ts) reads each section of the settings from the checked environment. */

/** A comma-separated list, its items trimmed, empty ones left out; undefined when unset. */
export function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function s3FromEnv(env: Env): S3Config | undefined {
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

export function oidcFromEnv(env: Env): OidcConfig | undefined {
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

export function registryFromEnv(env: Env): RegistryConfig | undefined {
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
export function defaultPython(): string {
  return fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

export function queueFromEnv(env: Env): Partial<QueueConfig> {
  const values = {
    workerCpus: env.ASB_WORKER_CPUS,
    lockMs: env.ASB_QUEUE_LOCK_MS,
    stalledCheckMs: env.ASB_QUEUE_STALLED_CHECK_MS,
    maxStalled: env.ASB_QUEUE_MAX_STALLED,
    offers: list(env.ASB_WORKER_OFFERS),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

export function sandboxFromEnv(env: Env): SandboxConfig {
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
export function httpProcessCount(env: Env): number {
  if (!env.DATABASE_URL) {
    if (env.ASB_HTTP_PROCESSES !== undefined && env.ASB_HTTP_PROCESSES > 1)
      throw new ConfigError([
        `ASB_HTTP_PROCESSES must be 1 with the embedded PGlite database, which lives inside one process (got ${env.ASB_HTTP_PROCESSES}): set DATABASE_URL to a PostgreSQL database to run several`,
      ]);
    return 1;
  }
  return env.ASB_HTTP_PROCESSES ?? os.availableParallelism();
}
