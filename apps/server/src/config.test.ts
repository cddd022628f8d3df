import os from 'node:os';
import path from 'node:path';
import { ALL_THEME_FEATURES } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('takes the documented defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      instanceName: 'ASB',
      theme: 'asb',
      themeFeatures: [...ALL_THEME_FEATURES],
      externalDatastoreUrl: null,
      trustedProxies: [],
      outboundAllow: [],
      stacRemotes: [],
      oidc: undefined,
      logLevel: 'info',
      maxExtractedBytes: 2048 * 1024 * 1024,
      uploads: { requestBytes: 100 * 1024 * 1024, filesPerRequest: 200, bucketBytes: 500 * 1024 * 1024 },
      registry: undefined,
      demo: true,
      engine: { localCpus: os.cpus().length, sweepIntervalMs: 2000, executor: undefined, queue: {}, enabled: true },
      applications: { timeoutMs: 3_600_000, memoryMb: 4096, diskMb: 10240, cwltool: '/usr/bin/cwltool' },
      sandbox: { enabled: true, network: 'declared', uid: 65534, gid: 65534, maxProcesses: 4096, passEnv: [], bwrap: 'bwrap', outboundAllow: [], poolSize: 2 },
      schedulerTickMs: 15000,
      unsubmittedExecutionMs: 86_400_000,
      s3: undefined,
      strictContract: false,
    });
  });

  it('counts an empty number as unset, and an empty feature list as no feature', () => {
    const config = loadConfig({ PORT: '', ASB_ENGINE_SWEEP_MS: ' ', ASB_THEME_FEATURES: '' });
    expect(config.port).toBe(8080);
    expect(config.engine.sweepIntervalMs).toBe(2000);
    expect(config.themeFeatures).toEqual([]);
  });

  it('reads numbers, flags and words that are set', () => {
    const config = loadConfig({
      PORT: '9000',
      ASB_UPLOAD_REQUEST_MB: '0.5',
      ASB_QUEUE_MAX_STALLED: '0',
      ASB_DEMO: 'false',
      ASB_EXECUTOR: 'queue',
      ASB_TASK_NETWORK: 'none',
      LOG_LEVEL: 'warn',
    });
    expect(config.port).toBe(9000);
    expect(config.uploads.requestBytes).toBe(512 * 1024);
    expect(config.engine.queue).toEqual({ maxStalled: 0 });
    expect(config.demo).toBe(false);
    expect(config.engine.executor).toBe('queue');
    expect(config.sandbox.network).toBe('none');
    expect(config.logLevel).toBe('warn');
  });

  it('reads the remote STAC APIs of ASB_STAC_REMOTES (name=url,…) and refuses an entry it cannot read', () => {
    expect(
      loadConfig({ ASB_STAC_REMOTES: 'earth-search=https://earth-search.aws.element84.com/v1/, Other=http://127.0.0.1:8841/resource-catalogue/stac' })
        .stacRemotes,
    ).toEqual([
      { name: 'earth-search', url: 'https://earth-search.aws.element84.com/v1' },
      { name: 'other', url: 'http://127.0.0.1:8841/resource-catalogue/stac' },
    ]);
    expect(problemsOf({ ASB_STAC_REMOTES: 'earth-search' })).toEqual([
      'ASB_STAC_REMOTES entries are name=url with a name of letters, digits and - and an http(s) URL (got "earth-search")',
    ]);
    expect(problemsOf({ ASB_STAC_REMOTES: 'a=https://a.example,a=https://b.example' })).toEqual([
      'ASB_STAC_REMOTES names a twice or uses the reserved name local',
    ]);
    expect(problemsOf({ ASB_STAC_REMOTES: 'local=https://a.example' })).toEqual(['ASB_STAC_REMOTES names local twice or uses the reserved name local']);
  });

  it('reads the cross-origin readers of ASB_CORS_ORIGINS (* or origins) and refuses anything that could widen them', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ ASB_CORS_ORIGINS: 'https://stac-browser.example, http://127.0.0.1:8080' }).corsOrigins).toEqual([
      'https://stac-browser.example',
      'http://127.0.0.1:8080',
    ]);
    expect(loadConfig({ ASB_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    for (const bad of ['https://a.example/path', 'ftp://a.example', 'a.example', 'https://user@a.example']) {
      expect(problemsOf({ ASB_CORS_ORIGINS: bad })[0]).toMatch(/^ASB_CORS_ORIGINS entries are \* or origins/);
    }
  });

  it('refuses a number it cannot read, naming the variable', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "abc")']);
    expect(problemsOf({ ASB_LOCAL_CPUS: '1.5' })).toEqual(['ASB_LOCAL_CPUS must be a whole number of 1 or more (got "1.5")']);
    expect(problemsOf({ ASB_BUCKET_MB: '-1' })).toEqual(['ASB_BUCKET_MB must be a number of 0 or more (got "-1")']);
  });

  it("reads the navbar's link addresses (docs/configuration.md#links): URLs or paths, blank = not shown", () => {
    const config = loadConfig({ ASB_NOTEBOOK_URL: 'https://notebooks.example.org/', ASB_VIDEO_GUIDES_URL: '/guides/', ASB_MODEL_TRACKING_URL: ' ' });
    expect(config.links).toEqual({
      workspace_controller: null,
      notebook: 'https://notebooks.example.org/',
      model_tracking: null,
      video_guides: '/guides/',
      project_deliverables: null,
    });
    expect(problemsOf({ ASB_NOTEBOOK_URL: '//elsewhere.example.org/' })).toHaveLength(1);
    expect(problemsOf({ ASB_WORKSPACE_CONTROLLER_URL: 'javascript:alert(1)' })).toEqual([
      expect.stringMatching(/^ASB_WORKSPACE_CONTROLLER_URL must be an http:\/\/ or https:\/\/ URL, or a path starting with \//),
    ]);
  });

  it('reads the base map tile template (ASB_BASEMAP_URL): an http(s) URL or a path with {z}, {x} and {y}; unset = the shipped base map', () => {
    expect(loadConfig({}).basemapUrl).toBeNull();
    expect(loadConfig({ ASB_BASEMAP_URL: ' ' }).basemapUrl).toBeNull();
    expect(loadConfig({ ASB_BASEMAP_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).basemapUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(loadConfig({ ASB_BASEMAP_URL: '/tiles/{z}/{x}/{-y}.png' }).basemapUrl).toBe('/tiles/{z}/{x}/{-y}.png');
    expect(loadConfig({ ASB_BASEMAP_URL: 'https://{a-c}.tiles.example:8443/{z}/{x}/{y}.png' }).basemapUrl).toBe(
      'https://{a-c}.tiles.example:8443/{z}/{x}/{y}.png',
    );
    // its origin goes into the pages' Content-Security-Policy: no other source or directive may ride along
    const smuggled = [
      "https://tiles.example;script-src 'unsafe-inline'/{z}/{x}/{y}",
      'https://tiles.example */{z}/{x}/{y}',
      'https://user@tiles.example/{z}/{x}/{y}',
    ];
    for (const refused of ['https://tiles.example/tile.png', 'javascript:alert(1)//{z}/{x}/{y}', '//tiles.example/{z}/{x}/{y}.png', ...smuggled]) {
      expect(problemsOf({ ASB_BASEMAP_URL: refused })).toEqual([
        expect.stringMatching(/^ASB_BASEMAP_URL must be an http:\/\/ or https:\/\/ URL, or a path starting with \/, with \{z\}/),
      ]);
    }
  });

  it('refuses a word outside its list, naming the choices', () => {
    expect(problemsOf({ ASB_TASK_NETWORK: 'some' })).toEqual(['ASB_TASK_NETWORK must be one of none, declared, all, host (got "some")']);
    expect(problemsOf({ ASB_DEMO: 'no' })).toEqual(['ASB_DEMO must be one of true, false (got "no")']);
  });

  it('reads what a worker may offer (ASB_WORKER_OFFERS) and refuses a kind it does not know', () => {
    expect(loadConfig({ ASB_WORKER_OFFERS: 'python, onnx' }).engine.queue?.offers).toEqual(['python', 'onnx']);
    expect(problemsOf({ ASB_WORKER_OFFERS: 'python,gpu' })[0]).toMatch(/^ASB_WORKER_OFFERS is a comma-separated list of python, cwltool, onnx/);
  });

  it('lists every problem at once, in a message without a stack for the operator', () => {
    const env = { PORT: '80a', ASB_EXECUTOR: 'cloud', ASB_QUEUE_LOCK_MS: 'soon' };
    expect(problemsOf(env)).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "80a")',
      'ASB_EXECUTOR must be one of local, queue (got "cloud")',
      'ASB_QUEUE_LOCK_MS must be a whole number of 1 or more (got "soon")',
    ]);
    expect(() => loadConfig(env)).toThrow(/^The configuration cannot be read:\n {2}- PORT .*\n {2}- ASB_EXECUTOR .*\n {2}- ASB_QUEUE_LOCK_MS /);
  });

  it('runs one HTTP process with PGlite and refuses more; with PostgreSQL one per CPU unless told (docs/operations.md "All cores")', () => {
    expect(loadConfig({}).processes).toEqual({ count: 1, designated: true });
    expect(problemsOf({ ASB_HTTP_PROCESSES: '2' })).toEqual([
      'ASB_HTTP_PROCESSES must be 1 with the embedded PGlite database, which lives inside one process (got 2): set DATABASE_URL to a PostgreSQL database to run several',
    ]);
    const postgres = 'postgres://asb@127.0.0.1/asb';
    expect(loadConfig({ DATABASE_URL: postgres }).processes?.count).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: postgres, ASB_HTTP_PROCESSES: '3', ASB_PROCESS_ROLE: 'http' }).processes).toEqual({ count: 3, designated: false });
  });
});
