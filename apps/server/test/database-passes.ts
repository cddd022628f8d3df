/**
 * Which API test files run on PostgreSQL as well (docs/testing.md "Two databases"). Every file
 * runs on PGlite; a file runs again on PostgreSQL when what it checks can differ there: PGlite is
 * the same PostgreSQL engine, but one connection in one process, and another driver. Every file
 * of this folder must be named below once (`database-passes.test.ts` checks it), so that a new
 * test is classified on purpose and the PostgreSQL pass does not shrink unseen.
 */
export const BOTH_DATABASES = {
  // several connections or servers at once: replicas, races of requests, advisory and row locks,
  // sweeps that differ by database kind
  concurrency: [
    'demo-seed.test.ts',
    'dashboards.test.ts',
    'engine-replica-stop.test.ts',
    'catalogues.test.ts',
    'marketplace.test.ts',
    'model-services.test.ts',
    'model-services-replicas.test.ts',
    'processes-versions.test.ts',
    'procimp-build.test.ts',
    'procimp-files.test.ts',
    'procimp-restart.test.ts',
    'replica-start.test.ts',
    'replicas.test.ts',
    'schedules-scheduler.test.ts',
    'sign-in.test.ts',
    'users.test.ts',
  ],
  // the engine: executions claimed, swept and reported by executors over the pool's connections,
  // and what PostgreSQL refuses in task outputs (U+0000)
  engine: [
    'application-executions.test.ts',
    'engine-dispatch.test.ts',
    'engine-lifecycle.test.ts',
    'engine-live.test.ts',
    'engine-queue.test.ts',
    'engine-queue-stalled.test.ts',
    'engine-run.test.ts',
    'execution-failures.test.ts',
    // real runs make the history; the estimate's reads nest subqueries with LIMIT under the visibility condition
    'execution-estimates.test.ts',
    'schedules-engine.test.ts',
  ],
  // SQL written by hand whose answer the driver or the server shapes: counts and totals, days by
  // time zone, full-text and trigram search, prepared statements (named on PostgreSQL), JSON the
  // database writes, the pool's metrics
  sql: [
    'builder-executions-access.test.ts',
    'catalogue-access.test.ts',
    'catalogue-ingest.test.ts',
    'catalogue-search.test.ts',
    'catalogue-search-answer.test.ts',
    'metrics.test.ts',
    'resource-inheritance.test.ts',
    'resource-lists.test.ts',
    'resources.test.ts',
    'taskmgr.test.ts',
  ],
};

export const PGLITE_ONLY = {
  // HTTP, access, validation, files and processes over queries drizzle writes the same way for
  // both drivers, one request at a time
  generic: [
    'access-declared.test.ts',
    'ades-registry.test.ts',
    'admin.test.ts',
    'applications-ownership.test.ts',
    'applications.test.ts',
    'browser-session.test.ts',
    'builder-executions-create.test.ts',
    'catalogue-clients.test.ts',
    'catalogue-faces.test.ts',
    'catalogue-remote.test.ts',
    'collection-requests.test.ts',
    'demo-products.test.ts',
    'engine-s3.test.ts',
    // the engine only makes the two runs it compares; the comparison reads them one request at a time
    'execution-compare.test.ts',
    'execution-pdf.test.ts',
    'extension-schemas.test.ts',
    'fuzz-api.test.ts',
    'hostile-path-values.test.ts',
    'instance.test.ts',
    'jsonapi-conformance.test.ts',
    'marketplace-publisher.test.ts',
    'mep-products.test.ts',
    'model-executions.test.ts',
    'model-runs.test.ts',
    'ogcapi-deploy.test.ts',
    'ogcapi-process-ids.test.ts',
    'ogcapi.test.ts',
    'oidc.test.ts',
    'onnx-serve.test.ts',
    'openapi-document.test.ts',
    'openapi-gzip.test.ts',
    'outbound-fetch.test.ts',
    'password-inputs.test.ts',
    'process-images.test.ts',
    'processes.test.ts',
    'procimp-properties.test.ts',
    'procimp-status.test.ts',
    'redis-bus.test.ts',
    'registry.test.ts',
    'request-limits.test.ts',
    'sandbox-attacks.test.ts',
    'schedules-api.test.ts',
    'secrets-foreign-code.test.ts',
    'secrets.test.ts',
    'security-headers.test.ts',
    'stac-ids.test.ts',
    'staff-audit.test.ts',
    'theme-rules.test.ts',
    'thumbnails.test.ts',
    'tiles-budget.test.ts',
    'tiles.test.ts',
    'user-docs.test.ts',
    'web-assets.test.ts',
    'workflows.test.ts',
    'workspaces.test.ts',
  ],
  // servers started as processes on a PGlite folder of their own, whatever the test run uses
  ownPglite: ['engine-crash.test.ts', 'pglite-lock.test.ts'],
  // the check of this list itself
  self: ['database-passes.test.ts'],
};

/** the files of the PostgreSQL pass, as vitest's include patterns */
export const postgresPassFiles = Object.values(BOTH_DATABASES)
  .flat()
  .map((file) => `apps/server/test/${file}`);
