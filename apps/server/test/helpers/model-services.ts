import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelServiceInfo } from '@asb/contracts';
import { vi } from 'vitest';
import type { AppConfig } from '../../src/config.js';
import { demoDatasetsCollection, demoModelsCollection } from '../../src/modules/demo/demo-models.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The demo's collections as the test portal's admin seeds them: `admin:demo-models`, `admin:demo-training-data` (spec 3 §3). */
export const DEMO_MODELS = demoModelsCollection('admin');
export const DEMO_DATASETS = demoDatasetsCollection('admin');
/** The demo's land-cover model as the catalogue serves it: its service's start, status and stop are below. */
export const DEMO_MODEL = `/backend/catalogue/stac/collections/${DEMO_MODELS}/models/demo-land-cover`;

/** Four pixels: water, vegetation, bare, vegetation (reflectance x 10000, bands blue, green, red, nir). */
export const FOUR_PIXELS = {
  inputs: [
    { name: 'bands', shape: [1, 4, 2, 2], datatype: 'FP32', data: [600, 300, 1000, 300, 500, 600, 1300, 600, 300, 400, 1700, 400, 200, 4500, 2100, 4500] },
  ],
};
/** The classes the demo model answers for them. */
export const FOUR_PIXEL_CLASSES = [2, 1, 0, 1];

/** Reads until the value is done, as the model page polls (a test asks more often); throws with the last value. */
export function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs = 90_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!isDone(value)) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** A service's status until it is `wanted`. */
export const untilStatus = (read: () => Promise<ModelServiceInfo>, wanted: string, what = `the service ${wanted}`) =>
  until(read, (info) => info.status === wanted, what);

/** Inference on the four pixels at a service's infer URL, through `app`. */
export function inferFourPixels(app: TestApp, info: ModelServiceInfo, headers: Record<string, string>) {
  return app.server.inject({
    method: 'POST',
    url: new URL(info.model_infer_url!).pathname,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(FOUR_PIXELS),
  });
}

/** A server with the demo (its land-cover model) on a data directory of its own, which `remove` deletes after the server closed. */
export async function demoModelApp(overrides: Partial<AppConfig>): Promise<{ app: TestApp; dataDir: string; remove: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-model-services-'));
  const app = await createTestApp({ demo: true, dataDir, ...overrides });
  return { app, dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
