/**
 * Every table of the database, for drizzle-kit (drizzle.config.ts: migrations are generated
 * from this) and for tests that seed rows. Code imports a table from its owner's
 * *.schema.ts: the platform's (platform/db/schema.ts), a module's or the engine's.
 */
export * from './platform/db/schema.js';
export * from './modules/knowledge/processes.schema.js';
export * from './modules/knowledge/workflows.schema.js';
export * from './modules/knowledge/collection-requests.schema.js';
export * from './modules/secrets/secrets.schema.js';
export * from './modules/builder/executions.schema.js';
export * from './engine/store/tasks.schema.js';
export * from './modules/schedules/schedules.schema.js';
export * from './modules/catalogue/catalogue.schema.js';
export * from './modules/terms/terms.schema.js';
export * from './modules/ades/ades.schema.js';
export * from './modules/applications/applications.schema.js';
export * from './modules/marketplace/marketplace.schema.js';
export * from './modules/models/model-runs.schema.js';
export * from './modules/models/model-services.schema.js';
export * from './modules/models/dataset-orders.schema.js';
export * from './modules/dashboards/dashboards.schema.js';
export * from './modules/admin/admin-audit.schema.js';
export * from './modules/ogcapi/job-outputs.schema.js';
