import fs from 'node:fs/promises';
import path from 'node:path';
import { productInputUrl } from '@asb/contracts';
import { DatastorePaths } from '../../apps/server/src/engine/store/datastore-paths.js';
import { demoApplicationsCollection, DEMO_APPLICATION_ID } from '../../apps/server/src/modules/demo/demo-application.js';
import { DEMO_MODEL_ID, demoModelsCollection } from '../../apps/server/src/modules/demo/demo-models.js';
import { DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE } from '../../apps/server/src/modules/demo/demo-scenes.js';
import type { Portals } from './api.js';
import type { SoakWorkflows } from './seed.js';

export type WorkKind = 'single' | 'fan-out' | 'application' | 'model';

/** Of every 40 submissions: one CWL application, one model execution; of the rest every 4th a fan-out of 3 items. */
export function kindOf(index: number): WorkKind {
  if (index % 40 === 19) return 'application';
  if (index % 40 === 39) return 'model';
  return index % 4 === 3 ? 'fan-out' : 'single';
}

const FAN_OUT_ITEMS = 3;
const MODELS_COLLECTION = demoModelsCollection('admin');

/** What the demo seeded (a first start with ASB_DEMO): the CWL application, the model and the GeoTIFF to run it on. */
export interface Demo {
  sceneUrl: string;
  geotiff: Buffer;
}

/**
 * Waits until the first replica's demo seed is done (the model trained and published, the
 * application in its collection): the demo runs beside the portal's start.
 */
export async function untilDemo(portals: Portals, dataDir: string, timeoutMs = 300_000): Promise<Demo> {
  const example = path.join(new DatastorePaths(dataDir).catalogueDir(MODELS_COLLECTION, DEMO_MODEL_ID), 'example-scene.tif');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const model = await portals.send('GET', `/resource-catalogue/stac/collections/${MODELS_COLLECTION}/items/${DEMO_MODEL_ID}`).catch(() => undefined);
    const application = await portals
      .send('POST', `/backend/v1/catalogue-collections/${encodeURIComponent(demoApplicationsCollection('admin'))}/describe_application`, {
        identifier: DEMO_APPLICATION_ID,
      })
      .catch(() => undefined);
    await model?.arrayBuffer();
    await application?.arrayBuffer();
    const geotiff = await fs.readFile(example).catch(() => undefined);
    if (model?.status === 200 && application?.status === 200 && geotiff) return { sceneUrl: productInputUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE), geotiff };
    if (Date.now() > deadline)
      throw new Error(`the demo was not seeded after ${timeoutMs / 1000} s (model ${model?.status}, application ${application?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Submits one execution of `kind` through the API; its id. */
export function submit(portals: Portals, kind: WorkKind, index: number, flows: SoakWorkflows, demo: Demo): Promise<number> {
  switch (kind) {
    case 'application':
      return portals.runApplication(demoApplicationsCollection('admin'), DEMO_APPLICATION_ID, demo.sceneUrl);
    case 'model':
      return portals.runModel(MODELS_COLLECTION, DEMO_MODEL_ID, demo.geotiff);
    case 'fan-out': {
      const items = Array.from({ length: FAN_OUT_ITEMS }, (_, item) => `run-${index}-${item}`);
      return portals.run(flows.fanOut, [{ node_id: 'split', items: [{ identifier: 'items', value: JSON.stringify(items) }] }]);
    }
    case 'single':
      return portals.run(flows.single, [{ node_id: 'step', items: [{ identifier: 'item', value: `run-${index}` }] }]);
  }
}
