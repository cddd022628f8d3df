import fs from 'node:fs/promises';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { collectionDocument } from '../applications/catalogue-collections.service.js';
import { demoApplicationFile } from './demo-files.js';

/** The demo's collection of applications: `{admin}:demo-applications`, public and shared with the demo workspace. */
export const demoApplicationsCollection = (owner: string) => `${owner}:demo-applications`;
export const DEMO_APPLICATION_ID = 'water-bodies-demo';

/**
 * Seeds the demo's runnable application (docs/seed-data.md, docs/applications.md "Running
 * applications"): the water-bodies-like EO application package (modules/demo/applications/
 * water-bodies-demo.cwl: NDWI of a demo scene's green and nir bands with python3, numpy and
 * rasterio as installed, a water mask, its PNG preview, a STAC catalog) registered like an
 * upload, into a public collection shared with the demo workspace. Answers its collection.
 */
export async function seedDemoApplication(ctx: AppContext, admin: Principal, workspaceIds: number[]): Promise<string> {
  const collection = demoApplicationsCollection(admin.username);
  await ctx.catalogue.upsertCollection(
    collectionDocument(collection, 'Demo applications', 'Applications to try on the demo scenes: run them on the Default target.'),
    { ownerId: admin.id, isPublic: true, workspaceIds },
  );
  await ctx.applications.register(admin, collection, await fs.readFile(demoApplicationFile(), 'utf8'), { replace: true });
  return collection;
}
