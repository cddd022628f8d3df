import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { catalogueAssetUrl, type StacItem } from '@asb/contracts';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import type { CatalogueStore, StacCollectionDocument } from '../catalogue/catalogue-store.js';
import { demoSceneScript } from './demo-files.js';

export const DEMO_COLLECTION_ID = 'demo-scenes';
/** the scene the product workflow runs on by default */
export const DEMO_DEFAULT_SCENE = 'demo-antwerp-2024-07-15';

/** What make_demo_scenes.py prints. */
interface ScenesOutput {
  scenes: {
    id: string;
    place: string;
    label: string;
    date: string;
    bbox: [number, number, number, number];
    shape: [number, number];
    transform: number[];
    mean_ndvi: number;
    files: Record<string, string>;
  }[];
  bands: { name: string; common_name: string; center_wavelength: number; full_width_half_max: number }[];
}

/** The script could not run its libraries: nothing to seed here (logged, not an error). */
export class DemoScenesUnavailable extends Error {}

const STAC_VERSION = '1.0.0';
const EO = 'https://stac-extensions.github.io/eo/v1.1.0/schema.json';
const RASTER = 'https://stac-extensions.github.io/raster/v1.1.0/schema.json';
const PROJECTION = 'https://stac-extensions.github.io/projection/v1.1.0/schema.json';
const COG_TYPE = 'image/tiff; application=geotiff; profile=cloud-optimized';

/** Runs one of the demo's catalogue scripts (scenes/) with Debian's python: its exit code and output. */
export function runDemoScript(
  python: string,
  name: Parameters<typeof demoSceneScript>[0],
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      python,
      [demoSceneScript(name), ...args],
      { timeout: 300_000, maxBuffer: 4 * 1024 * 1024, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(new Error(`${python} ${name}: ${error.message}`, { cause: error }));
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** The GeoJSON polygon of a box [west, south, east, north]. */
export const bboxPolygon = ([west, south, east, north]: readonly number[]) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

function collectionDocument(output: ScenesOutput): StacCollectionDocument {
  const west = Math.min(...output.scenes.map((scene) => scene.bbox[0]));
  const south = Math.min(...output.scenes.map((scene) => scene.bbox[1]));
  const east = Math.max(...output.scenes.map((scene) => scene.bbox[2]));
  const north = Math.max(...output.scenes.map((scene) => scene.bbox[3]));
  const dates = output.scenes.map((scene) => `${scene.date}T10:30:00Z`).sort();
  return {
    type: 'Collection',
    id: DEMO_COLLECTION_ID,
    stac_version: STAC_VERSION,
    stac_extensions: [EO, RASTER],
    title: 'Demo scenes',
    description:
      'Small made-up 4-band scenes (blue, green, red, near-infrared) over three places in Europe and Africa at four dates of 2024, drawn by the portal at its first start: each band a Cloud-Optimised GeoTIFF (UInt16 reflectance x 10000), with a true-colour thumbnail. Run the "Product NDVI demo" workflow on one.',
    license: 'CC0-1.0',
    keywords: ['demo', 'synthetic', 'reflectance', 'cog'],
    providers: [{ name: 'ASB demo', roles: ['producer', 'host'] }],
    extent: { spatial: { bbox: [[west, south, east, north]] }, temporal: { interval: [[dates[0], dates.at(-1)]] } },
    summaries: { 'eo:bands': output.bands.map(({ name, ...band }) => ({ name, ...band })), platform: ['asb-demo'] },
    links: [],
  };
}

function itemDocument(scene: ScenesOutput['scenes'][number], bands: ScenesOutput['bands']): StacItem {
  const [west, south, east, north] = scene.bbox;
  const href = (file: string) => catalogueAssetUrl(DEMO_COLLECTION_ID, scene.id, file);
  const assets: StacItem['assets'] = {};
  for (const band of bands) {
    assets[band.name] = {
      href: href(scene.files[band.name]!),
      type: COG_TYPE,
      title: `${band.name} reflectance`,
      roles: ['data', 'reflectance'],
      'eo:bands': [band],
      'raster:bands': [{ data_type: 'uint16', nodata: 0, scale: 0.0001, offset: 0, spatial_resolution: Math.abs(scene.transform[0]!) }],
    };
  }
  assets.thumbnail = { href: href(scene.files.thumbnail!), type: 'image/png', title: 'True-colour thumbnail', roles: ['thumbnail'] };
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [EO, RASTER, PROJECTION],
    id: scene.id,
    collection: DEMO_COLLECTION_ID,
    geometry: bboxPolygon(scene.bbox),
    bbox: [west, south, east, north],
    properties: {
      datetime: `${scene.date}T10:30:00Z`,
      title: `${scene.label}, ${scene.date}`,
      platform: 'asb-demo',
      'eo:cloud_cover': 0,
      'proj:epsg': 4326,
      'proj:shape': scene.shape,
      'proj:transform': scene.transform,
      'asb:place': scene.place,
      'asb:mean_ndvi': scene.mean_ndvi,
    },
    links: [],
    assets,
  };
}

/**
 * The demo's catalogue collection 'demo-scenes' (docs/seed-data.md "Demo scenes"): the
 * scenes are drawn by make_demo_scenes.py (numpy and rasterio, i.e. GDAL, of the process
 * runtime's interpreter) into a scratch folder, moved into the catalogue folders of the data
 * directory (catalogue/demo-scenes/{item}/), then the public collection, owned by `ownerId`
 * and shared with the demo workspace, and its items are upserted. Idempotent: the same
 * scenes are drawn again (fixed seeds), folders and items replaced. Throws
 * DemoScenesUnavailable when numpy or rasterio is missing. Answers the number of items.
 */
export async function seedDemoScenes(
  store: Pick<CatalogueStore, 'upsertCollection' | 'upsertItems'>,
  paths: Pick<DatastorePaths, 'catalogueDir'>,
  options: { python: string; ownerId: number; workspaceIds: number[] },
): Promise<number> {
  const collectionDir = paths.catalogueDir(DEMO_COLLECTION_ID);
  await fs.mkdir(path.dirname(collectionDir), { recursive: true });
  const scratch = await fs.mkdtemp(path.join(path.dirname(collectionDir), '.demo-scenes-'));
  try {
    const result = await runDemoScript(options.python, 'make_demo_scenes.py', ['--out', scratch]);
    if (result.code === 3) throw new DemoScenesUnavailable(result.stderr.trim().split('\n').at(-1) ?? 'numpy or rasterio is missing');
    if (result.code !== 0) throw new Error(`make_demo_scenes.py exited with ${result.code}: ${result.stderr.trim().split('\n').slice(-5).join('\n')}`);
    const output = JSON.parse(result.stdout) as ScenesOutput;
    for (const scene of output.scenes) {
      const target = paths.catalogueDir(DEMO_COLLECTION_ID, scene.id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rm(target, { recursive: true, force: true });
      await fs.rename(path.join(scratch, scene.id), target);
    }
    await store.upsertCollection(collectionDocument(output), { ownerId: options.ownerId, isPublic: true, workspaceIds: options.workspaceIds });
    await store.upsertItems(
      DEMO_COLLECTION_ID,
      output.scenes.map((scene) => itemDocument(scene, output.bands)),
    );
    return output.scenes.length;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
