import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { processBuckets, processes } from '../knowledge/processes.schema.js';
import { resourceWorkspaces, workspaces } from '../../platform/db/schema.js';
import { workflows, workflowVersions } from '../knowledge/workflows.schema.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { effectiveResources } from '../procimp/buckets/effective-resources.js';
import { releaseBucket } from '../procimp/build/release.repository.js';
import { formatLogEntry } from '../procimp/status/status-message.js';
import type { BucketStorage } from '../procimp/storage/bucket-storage.js';
import { copyDemoFiles, DEMO_PROCESSES, DEMO_VERSION, prepareDemoProcess, type PreparedDemoProcess } from './demo-processes.js';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import type { CatalogueStore } from '../catalogue/catalogue-store.js';
import { DEMO_APPLICATION_ID, seedDemoApplication } from './demo-application.js';
import { DEMO_COLLECTION_ID, DemoScenesUnavailable, seedDemoScenes } from './demo-scenes.js';
import { DEMO_DATASET_ID, DEMO_MODEL_ID, seedDemoModels } from './demo-models.js';
import { DEMO_PRODUCT_WORKFLOW, DEMO_WORKFLOW, demoProductWorkflowGraph, demoWorkflowGraph } from './demo-workflow.js';

export const DEMO_WORKSPACE = { identifier: 'demo', label: 'Demo' } as const;

/** What seeding needs of the procimp storage: the objects folder, build folders and bucket folders. */
export type DemoStorage = Pick<BucketStorage, 'objectsDir' | 'scratchDir' | 'bucketDir'>;

/** The owner of the demo: the superuser main.ts ensures (ASB_ADMIN_USERNAME, else admin). */
function demoOwner(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.adminUsername ?? 'admin';
}

/** A first start: no process, no workflow and no demo workspace yet. */
async function isFirstStart(db: Db): Promise<boolean> {
  const [process] = await db.select({ id: processes.id }).from(processes).limit(1);
  const [workflow] = await db.select({ id: workflows.id }).from(workflows).limit(1);
  const [workspace] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.identifier, DEMO_WORKSPACE.identifier)).limit(1);
  return !process && !workflow && !workspace;
}

/**
 * Every row of the demo in ONE transaction. The workspace goes first: a second
 * replica seeding at the same time fails on its unique identifier (and rolls back).
 * Returns the bucket ids by process slug.
 */
async function insertDemo(db: Db, owner: string, prepared: PreparedDemoProcess[]): Promise<Map<string, number>> {
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({ ...DEMO_WORKSPACE, slug: DEMO_WORKSPACE.identifier, ownerId: owner })
      .returning();
    if (!workspace) throw new Error('workspaces insert returned no row');
    const share = async (resourceType: 'processes' | 'workflows', resourceId: number) => {
      await tx.insert(resourceWorkspaces).values({ resourceType, resourceId, workspaceId: workspace.id });
    };

    const buckets = new Map<string, number>();
    for (const item of prepared) {
      const [process] = await tx
        .insert(processes)
        .values({ identifier: item.slug, slug: item.slug, label: item.label, description: item.description, type: 'wps', ownerId: owner })
        .returning();
      if (!process) throw new Error('processes insert returned no row');
      await share('processes', process.id);
      // the unreleased version a Build & Release turns into the released one
      const [bucket] = await tx
        .insert(processBuckets)
        .values({
          identifier: `${item.slug}:${DEMO_VERSION}`,
          label: item.label,
          ownerId: owner,
          processId: process.id,
          value: DEMO_VERSION,
          buildStatus: 'importing',
          buildKind: 'release',
          buildLog: item.buildLog,
          buildStartedAt: new Date(),
        })
        .returning();
      if (!bucket) throw new Error('process_buckets insert returned no row');
      await releaseBucket(tx, {
        bucket,
        process,
        releaser: owner,
        signature: item.signature,
        manifest: item.manifest,
        dockerfile: item.dockerfile,
        resources: effectiveResources(null, item.signature),
        entry: formatLogEntry(`${item.label} released`),
      });
      buckets.set(item.slug, bucket.id);
    }

    const demoWorkflows = [
      { meta: DEMO_WORKFLOW, graph: demoWorkflowGraph() },
      { meta: DEMO_PRODUCT_WORKFLOW, graph: demoProductWorkflowGraph() },
    ];
    for (const { meta, graph } of demoWorkflows) {
      const [workflow] = await tx
        .insert(workflows)
        .values({
          identifier: meta.identifier,
          slug: meta.identifier,
          label: meta.label,
          shortDescription: meta.shortDescription,
          // spec 1 §3: JSON text {description, thumbnail_url}, as PATCH workflows/{id}/publish writes it
          description: JSON.stringify({ description: meta.description, thumbnail_url: '' }),
          isPublished: true,
          publishedAt: new Date(),
          version: 1,
          graph,
          ownerId: owner,
        })
        .returning();
      if (!workflow) throw new Error('workflows insert returned no row');
      await share('workflows', workflow.id);
      await tx.insert(workflowVersions).values({ workflowId: workflow.id, version: 1, graph, createdBy: owner });
    }
    return buckets;
  });
}

/**
 * The demo of a first start (README "Demo", docs/seed-data.md): workspace 'demo', five
 * released example processes (wrappers in processes/), and the published workflows
 * 'NDVI vegetation demo' and 'Product NDVI demo' chaining them, all owned by the admin and
 * shared with 'demo'. The catalogue's demo scenes follow once the server is ready
 * (seedDemoCatalogue: the admin user exists by then).
 * Does nothing when ASB_DEMO=false or when the database already holds a process, a
 * workflow or the demo workspace. Safe on several replicas: a second seeder fails on
 * the workspace's unique identifier and rolls back. Never throws: a demo that cannot be
 * seeded (no python3, say) is logged, and the next start tries again.
 * Returns whether this call seeded it.
 */
export async function seedDemo(ctx: AppContext, storage: DemoStorage): Promise<boolean> {
  if (!ctx.config.demo) return false;
  try {
    if (!(await isFirstStart(ctx.db))) return false;
    const owner = demoOwner(ctx);
    const options = { python: ctx.config.pythonCommand, builder: owner };
    const prepared: PreparedDemoProcess[] = [];
    for (const process of DEMO_PROCESSES) prepared.push(await prepareDemoProcess(ctx.db, storage, process, options));
    const buckets = await insertDemo(ctx.db, owner, prepared);
    // the bucket keeps the files it was built from, as after an upload and a release
    for (const item of prepared) {
      const bucketId = buckets.get(item.slug);
      if (bucketId !== undefined) await copyDemoFiles(item.sourceDir, storage.bucketDir(bucketId));
    }
    ctx.log.info(
      `Seeded the demo: workspace '${DEMO_WORKSPACE.identifier}', ${prepared.length} processes and the workflows '${DEMO_WORKFLOW.label}' and '${DEMO_PRODUCT_WORKFLOW.label}', owned by ${owner}`,
    );
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) {
      ctx.log.info('The demo was seeded by another server meanwhile');
      return false;
    }
    ctx.log.warn({ err: error }, `Could not seed the demo (it is tried again at the next start): ${(error as Error).message}`);
    return false;
  }
}

/**
 * The demo's catalogue collection 'demo-scenes' (docs/seed-data.md "Demo scenes"), seeded
 * after a first start's demo once the admin user exists: public, owned by the admin, shared
 * with the demo workspace. Never throws: without numpy and rasterio (GDAL) for ASB_PYTHON it
 * is skipped with one log line; any other failure is logged. Answers the number of scenes.
 */
export async function seedDemoCatalogue(ctx: AppContext, store: CatalogueStore, paths: Pick<DatastorePaths, 'catalogueDir'>): Promise<number> {
  const started = performance.now();
  try {
    const owner = demoOwner(ctx);
    const admin = await ctx.users.principal(owner);
    if (!admin) {
      ctx.log.warn(`The demo scenes are not seeded: the demo's owner ${owner} is not an active user`);
      return 0;
    }
    const [workspace] = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.identifier, DEMO_WORKSPACE.identifier)).limit(1);
    const count = await seedDemoScenes(store, paths, {
      python: ctx.config.pythonCommand,
      ownerId: admin.principal.id,
      workspaceIds: workspace ? [workspace.id] : [],
    });
    ctx.log.info(
      `Seeded the demo scenes: the public collection '${DEMO_COLLECTION_ID}' with ${count} items, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // the demo's runnable application, to run on those scenes; a failure leaves the scenes seeded
    await seedDemoApplication(ctx, admin.principal, workspace ? [workspace.id] : []).then(
      (collection) => ctx.log.info(`Seeded the demo application '${DEMO_APPLICATION_ID}' in the collection '${collection}'`),
      (error: unknown) => ctx.log.warn({ err: error }, `Could not seed the demo application: ${(error as Error).message}`),
    );
    // the demo's model and training dataset, on the marketplace; a failure leaves the rest seeded
    await seedDemoModels(store, paths, admin.principal, workspace ? [workspace.id] : [], {
      python: ctx.config.pythonCommand,
      runs: ctx.modelRuns,
      workspace: DEMO_WORKSPACE.identifier,
      warn: (message) => ctx.log.warn(message),
    }).then(
      () => ctx.log.info(`Seeded the demo model '${DEMO_MODEL_ID}' and training dataset '${DEMO_DATASET_ID}'`),
      (error: unknown) => ctx.log.warn({ err: error }, `Could not seed the demo model and dataset: ${(error as Error).message}`),
    );
    return count;
  } catch (error) {
    if (error instanceof DemoScenesUnavailable) {
      ctx.log.warn(
        `The demo scenes are skipped: ${ctx.config.pythonCommand} lacks numpy or rasterio (GDAL) (${error.message}); install python3-numpy and python3-rasterio`,
      );
    } else {
      ctx.log.warn({ err: error }, `Could not seed the demo scenes: ${(error as Error).message}`);
    }
    return 0;
  }
}
