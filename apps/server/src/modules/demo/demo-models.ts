import fs from 'node:fs/promises';
import path from 'node:path';
import { catalogueAssetUrl, PUBLISHED_PROPERTY, type StacItem } from '@asb/contracts';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { CatalogueStore, StacCollectionDocument } from '../catalogue/catalogue-store.js';
import { DEMO_COLLECTION_ID } from './demo-scenes.js';

const DEMO_MODELS_COLLECTION = 'demo-models';
const DEMO_DATASETS_COLLECTION = 'demo-training-data';
export const DEMO_MODEL_ID = 'demo-land-cover-rules';
export const DEMO_DATASET_ID = 'demo-antwerp-chips';

const STAC_VERSION = '1.0.0';
const MLM = 'https://stac-extensions.github.io/mlm/v1.4.0/schema.json';
const SCI = 'https://stac-extensions.github.io/scientific/v1.0.0/schema.json';
const DATES = ['2024-03-15', '2024-05-15', '2024-07-15', '2024-09-15'];
const BANDS = ['blue', 'green', 'red', 'nir'];
/** The Antwerp box of make_demo_scenes.py. */
const ANTWERP: [number, number, number, number] = [4.3, 51.15, 4.5, 51.3];

/**
 * The rules the demo model applies per pixel (reflectances): water where the NDWI is above 0
 * (the demo application's rule), vegetation where the NDVI is above 0.3 (the demo workflow's
 * threshold), bare soil elsewhere.
 */
const RULES = {
  classes: [
    { value: 1, name: 'water', rule: '(green - nir) / (green + nir) > 0' },
    { value: 2, name: 'vegetation', rule: '(nir - red) / (nir + red) > 0.3' },
    { value: 3, name: 'bare soil', rule: 'otherwise' },
  ],
  order: 'the first rule that holds',
  inputs: { bands: BANDS, scale: 0.0001, nodata: 0 },
};

const THEMES = [
  {
    scheme: 'https://gcmd.earthdata.nasa.gov/kms/concepts/concept_scheme/sciencekeywords',
    concepts: [
      { id: 'gcmd::land-cover', name: 'Land cover' },
      { id: 'gcmd::surface-water', name: 'Surface water' },
    ],
  },
];
const CONTACTS = [{ name: 'ASB demo', organization: 'ASB', roles: ['pointOfContact'], contactInstructions: 'Seeded by the portal at its first start.' }];

function collection(id: string, title: string, description: string, bbox: number[]): StacCollectionDocument {
  return {
    type: 'Collection',
    id,
    stac_version: STAC_VERSION,
    title,
    description,
    license: 'CC0-1.0',
    keywords: ['demo'],
    providers: [{ name: 'ASB demo', roles: ['producer', 'host'] }],
    extent: { spatial: { bbox: [bbox] }, temporal: { interval: [['2024-03-15T00:00:00Z', '2024-09-15T23:59:59Z']] } },
    links: [],
  };
}

const polygon = ([west, south, east, north]: number[]) => ({
  type: 'Polygon',
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

function modelItem(): StacItem {
  const tensor = (shape: number[], dtype: string) => ({ dtype, shape });
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [MLM],
    id: DEMO_MODEL_ID,
    collection: DEMO_MODELS_COLLECTION,
    geometry: null,
    properties: {
      datetime: '2024-09-15T00:00:00Z',
      type: 'model',
      title: 'Land cover rules (demo)',
      description:
        'Classifies each pixel of a 4-band scene (blue, green, red, near-infrared reflectance) as water (NDWI above 0), vegetation (NDVI above 0.3) or bare soil: the rules of the demo application and workflow as one model. Its rules are its asset rules.json.',
      version: '1.0.0',
      license: 'CC0-1.0',
      [PUBLISHED_PROPERTY]: true,
      keywords: ['land cover', 'water', 'vegetation', 'NDVI', 'NDWI', 'demo', 'FILTER:input-type:image', 'FILTER:licence:CC0-1.0'],
      'mlm:name': 'land-cover-rules',
      'mlm:architecture': 'Threshold rules (NDWI, NDVI)',
      'mlm:tasks': ['semantic-segmentation', 'classification'],
      'mlm:framework': 'numpy',
      'mlm:accelerator': 'amd64',
      'mlm:input': [{ name: 'scene', bands: BANDS, input: { shape: [-1, 4, -1, -1], dim_order: ['batch', 'bands', 'height', 'width'], data_type: 'float32' } }],
      'mlm:output': [
        {
          name: 'classes',
          tasks: ['semantic-segmentation'],
          result: { shape: [-1, -1, -1], dim_order: ['batch', 'height', 'width'], data_type: 'uint8' },
          'classification:classes': RULES.classes.map(({ value, name }) => ({ value, name })),
        },
      ],
      'dlm:inputs': [
        {
          name: 'scene',
          label: 'Scene',
          type: 'tensor',
          doc: 'Blue, green, red and near-infrared reflectance',
          'tensor-spec': tensor([-1, 4, 256, 256], 'float32'),
        },
      ],
      'dlm:outputs': [
        { id: 'classes', label: 'Classes', type: 'tensor', doc: '1 water, 2 vegetation, 3 bare soil', 'tensor-spec': tensor([-1, 256, 256], 'uint8') },
      ],
      themes: THEMES,
      contacts: CONTACTS,
    },
    links: [{ rel: 'derived_from', href: catalogueAssetUrl(DEMO_COLLECTION_ID, 'demo-antwerp-2024-07-15', 'thumbnail.png'), title: 'A scene it applies to' }],
    assets: {
      rules: {
        href: catalogueAssetUrl(DEMO_MODELS_COLLECTION, DEMO_MODEL_ID, 'rules.json'),
        type: 'application/json',
        title: 'The rules',
        roles: ['mlm:model', 'metadata'],
      },
    },
  } as StacItem;
}

/** The Antwerp demo scenes of the four dates as one dataset: their band COGs and thumbnails, by reference. */
function datasetItem(files: Map<string, string>): StacItem {
  const assets: StacItem['assets'] = {};
  for (const date of DATES) {
    const scene = `demo-antwerp-${date}`;
    for (const band of BANDS) {
      const file = files.get(`${scene}/${band}`);
      if (file)
        assets[`${date}-${band}`] = { href: file, type: 'image/tiff; application=geotiff; profile=cloud-optimized', title: `${date} ${band}`, roles: ['data'] };
    }
  }
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [SCI],
    id: DEMO_DATASET_ID,
    collection: DEMO_DATASETS_COLLECTION,
    geometry: polygon(ANTWERP),
    bbox: ANTWERP,
    properties: {
      datetime: null,
      start_datetime: '2024-03-15T10:30:00Z',
      end_datetime: '2024-09-15T10:30:00Z',
      type: 'dataset',
      title: 'Antwerp scenes through a season (demo)',
      version: '2024',
      description:
        'The four demo scenes of Antwerp (March to September 2024) as one training set: 16 band COGs (blue, green, red, near-infrared reflectance x 10000), for fitting a land-cover model on the fields greening up and drying out. Unlabelled: the land-cover rules model labels it.',
      license: 'CC0-1.0',
      [PUBLISHED_PROPERTY]: true,
      keywords: ['training data', 'land cover', 'reflectance', 'demo', 'FILTER:input-type:image', 'FILTER:licence:CC0-1.0'],
      'sci:citation': 'ASB demo scenes, drawn by make_demo_scenes.py at the first start of the portal.',
      themes: THEMES,
      contacts: CONTACTS,
    },
    links: [],
    assets,
  } as StacItem;
}

/**
 * The demo's model and training dataset (docs/seed-data.md "Demo model and dataset"): public
 * collections `demo-models` (the land-cover rules, its rules.json written into the catalogue
 * folders) and `demo-training-data` (the Antwerp scenes by reference), owned by the demo's owner
 * and shared with the demo workspace; both are on the marketplace. Needs the demo scenes.
 */
export async function seedDemoModels(
  store: Pick<CatalogueStore, 'upsertCollection' | 'upsertItems' | 'readItem'>,
  paths: Pick<DatastorePaths, 'catalogueDir'>,
  owner: Principal,
  workspaceIds: number[],
): Promise<void> {
  const files = new Map<string, string>();
  for (const date of DATES) {
    const scene = await store.readItem(owner, DEMO_COLLECTION_ID, `demo-antwerp-${date}`);
    for (const band of BANDS) if (scene?.assets[band]) files.set(`demo-antwerp-${date}/${band}`, scene.assets[band].href);
  }
  const rules = paths.catalogueDir(DEMO_MODELS_COLLECTION, DEMO_MODEL_ID);
  await fs.mkdir(rules, { recursive: true });
  await fs.writeFile(path.join(rules, 'rules.json'), `${JSON.stringify(RULES, null, 2)}\n`);
  const options = { ownerId: owner.id, isPublic: true, workspaceIds };
  await store.upsertCollection(
    collection(DEMO_MODELS_COLLECTION, 'Demo models', 'The demo model: land-cover rules over the demo scenes.', [-180, -90, 180, 90]),
    options,
  );
  await store.upsertItems(DEMO_MODELS_COLLECTION, [modelItem()]);
  await store.upsertCollection(
    collection(DEMO_DATASETS_COLLECTION, 'Demo training data', 'The demo training dataset: the Antwerp scenes through a season.', ANTWERP),
    options,
  );
  await store.upsertItems(DEMO_DATASETS_COLLECTION, [datasetItem(files)]);
}
