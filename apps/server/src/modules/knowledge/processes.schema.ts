import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BuildKind, BuildStatus, ProcessResources, ProcessSignature, ProcessType, SnapshotEntry } from '@asb/contracts';
import { resourceColumns } from '../../platform/db/resource-columns.js';

/** A process: the unit of work workflows are made of (spec 2 §3 Process). identifier = slug, unique. */
export const processes = pgTable(
  'processes',
  {
    ...resourceColumns(),
    description: text('description').notNull().default(''),
    type: text('type').$type<ProcessType>().notNull().default('wps'),
  },
  // own rows: the owner side of a list's access filter (platform/resources, defaultVisibleParts)
  (t) => [uniqueIndex('processes_identifier_idx').on(t.identifier), index('processes_owner_created_idx').on(t.ownerId, t.createdAt)],
);

/**
 * A bucket: the mutable working area of one version in development ("unreleased
 * version"). Build & Release snapshots it into an immutable process_versions row.
 * identifier = `{process identifier}:{value}`.
 */
export const processBuckets = pgTable(
  'process_buckets',
  {
    ...resourceColumns(),
    processId: integer('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    released: boolean('released').notNull().default(false),
    versionId: integer('version_id'),
    /** not_started | importing | succeeded | failed | released */
    buildStatus: text('build_status').$type<BuildStatus>().notNull().default('not_started'),
    /** dry-run | release */
    buildKind: text('build_kind').$type<BuildKind>(),
    buildLog: text('build_log').notNull().default(''),
    buildStartedAt: timestamp('build_started_at', { withTimezone: true }),
    buildEndedAt: timestamp('build_ended_at', { withTimezone: true }),
    resources: jsonb('resources').$type<ProcessResources>(),
  },
  (t) => [uniqueIndex('process_buckets_identifier_idx').on(t.identifier), index('process_buckets_process_idx').on(t.processId)],
);

/** A released process version: an immutable, content-addressed snapshot plus its metadata. */
export const processVersions = pgTable(
  'process_versions',
  {
    ...resourceColumns(),
    processId: integer('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    bucketId: integer('bucket_id'),
    value: text('value').notNull(),
    released: boolean('released').notNull().default(true),
    signature: jsonb('signature').$type<ProcessSignature>().notNull(),
    dependencies: jsonb('dependencies').$type<string[]>().notNull().default([]),
    manifest: jsonb('manifest').$type<SnapshotEntry[]>().notNull().default([]),
    dockerfile: text('dockerfile').notNull().default(''),
  },
  (t) => [uniqueIndex('process_versions_identifier_idx').on(t.identifier), index('process_versions_process_idx').on(t.processId)],
);

export const dataTypes = pgTable(
  'data_types',
  {
    ...resourceColumns(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('data_types_identifier_idx').on(t.identifier)],
);

/** Software a wrapper may depend on; a main dependency lists the identifiers it requires. */
export const softwareDependencies = pgTable(
  'software_dependencies',
  {
    ...resourceColumns(),
    isMain: boolean('is_main').notNull().default(false),
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** the Debian package or pip requirement it installs in the generated Dockerfile */
    install: text('install').notNull().default(''),
  },
  (t) => [uniqueIndex('software_dependencies_identifier_idx').on(t.identifier)],
);

/** resmgr: the resources allocated to a process version's runtime (spec 2 §3 Process image). */
export const processImages = pgTable(
  'process_images',
  {
    ...resourceColumns(),
    processIdentifier: text('process_identifier').notNull(),
    processVersion: text('process_version').notNull(),
    versionId: integer('version_id').references(() => processVersions.id, { onDelete: 'cascade' }),
    allocatedCpus: integer('allocated_cpus').notNull().default(1),
    allocatedMem: integer('allocated_mem').notNull().default(1024),
    allocatedDisk: integer('allocated_disk').notNull().default(1024),
    allocatedGpus: integer('allocated_gpus').notNull().default(0),
    /** engine: further attempts after a failure, the wait between them, and a run's time limit */
    retries: integer('retries').notNull().default(0),
    retryDelaySeconds: integer('retry_delay_seconds').notNull().default(10),
    timeoutSeconds: integer('timeout_seconds').notNull().default(3600),
  },
  (t) => [uniqueIndex('process_images_identifier_idx').on(t.identifier)],
);
