import fs from 'node:fs/promises';
import path from 'node:path';
import { catalogueAssetUrl, MODEL_RUN_PROPERTY, PUBLISHED_PROPERTY, type ModelRunReference, type StacItem } from '@asb/contracts';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { CatalogueStore, StacCollectionDocument } from '../catalogue/catalogue-store.js';
import type { ModelRuns } from '../models/model-runs.js';
import { bboxPolygon, DEMO_COLLECTION_ID, runDemoScript } from './demo-scenes.js';

/**
 * The demo's collections of models and of training data, `{owner}:demo-models` and
 * `{owner}:demo-training-data`: the part before the colon is the publisher (spec 3 §3), so a
 * page reads 'admin · admin:demo-models' (docs/seed-data.md: an older demo keeps its names).
 */
export const demoModelsCollection = (owner: string) => `${owner}:demo-models`;
export const demoDatasetsCollection = (owner: string) => `${owner}:demo-training-data`;
export const DEMO_MODEL_ID = 'demo-land-cover';
export const DEMO_DATASET_ID = 'demo-antwerp-chips';

const STAC_VERSION = '1.0.0';
const MLM = 'https://stac-extensions.github.io/mlm/v1.4.0/schema.json';
const SCI = 'https://stac-extensions.github.io/scientific/v1.0.0/schema.json';
const DATES = ['2024-03-15', '2024-05-15', '2024-07-15', '2024-09-15'];
const BANDS = ['blue', 'green', 'red', 'nir'];
/** The Antwerp box of make_demo_scenes.py. */
const ANTWERP: [number, number, number, number] = [4.3, 51.15, 4.5, 51.3];

/**
 * The rules that label the demo model's training pixels (reflectances): water where the NDWI is
 * above 0 (the demo application's rule), else vegetation where the NDVI is above 0.3 (the demo
 * workflow's threshold), else bare soil. The model (model.onnx) learns them from the Antwerp scenes.
 */
const RULES = {
  classes: [
    { value: 0, name: 'bare', rule: 'otherwise' },
    { value: 1, name: 'vegetation', rule: '(nir - red) / (nir + red) > 0.3' },
    { value: 2, name: 'water', rule: '(green - nir) / (green + nir) > 0, before vegetation' },
  ],
  inputs: { bands: BANDS, scale: 0.0001, nodata: 0 },
};
/** The places of make_demo_scenes.py: the model trains on Antwerp (the demo dataset) and is tested on the others. */
const TEST_PLACES = ['camargue', 'nile-delta'];
/** The scene whose four bands the model item offers as one GeoTIFF to try it with (its asset `example`): one it never saw. */
export const DEMO_MODEL_EXAMPLE_SCENE = 'demo-nile-delta-2024-07-15';
const EXPERIMENT = 'land-cover';

/** What train_land_cover.py prints. */
interface Training {
  params: Record<string, string>;
  metrics: Record<string, number>;
  classes: { value: number; name: string; description: string; color_hint: string }[];
  onnx: { ir_version: number; opset: number; bytes: number };
}

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

/**
 * The demo model: the classifier train_land_cover.py fitted (its ONNX file and training run), or,
 * when it could not be trained (no python3-onnx), the item without them — on the marketplace all
 * the same, but not executable.
 */
function modelItem(collectionId: string, training: Training | undefined, run: ModelRunReference | undefined): StacItem {
  const tensor = (shape: number[], dtype: string) => ({ dtype, shape });
  const classes = (training?.classes ?? RULES.classes).map(({ value, name }) => ({ value, name }));
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [MLM],
    id: DEMO_MODEL_ID,
    collection: collectionId,
    geometry: null,
    properties: {
      datetime: '2024-09-15T00:00:00Z',
      type: 'model',
      title: 'Land cover classifier (demo)',
      description:
        'Classifies each pixel of a 4-band scene (blue, green, red, near-infrared reflectance x 10000, as the demo scenes store them) as bare soil, vegetation or water: a softmax regression over the reflectances, NDVI and NDWI, trained by the portal at its first start on the Antwerp scenes (the demo training dataset) to the land-cover rules (rules.json) and tested on the Camargue and Nile delta scenes. Its weights are its asset model.onnx.',
      version: '1.0.0',
      license: 'CC0-1.0',
      [PUBLISHED_PROPERTY]: true,
      keywords: ['land cover', 'water', 'vegetation', 'NDVI', 'NDWI', 'ONNX', 'demo', 'FILTER:input-type:image', 'FILTER:licence:CC0-1.0'],
      ...(run ? { [MODEL_RUN_PROPERTY]: run } : {}),
      'mlm:name': 'land-cover-classifier',
      'mlm:architecture': 'Softmax regression (1x1 convolution) over reflectances, NDVI and NDWI',
      'mlm:tasks': ['semantic-segmentation', 'classification'],
      'mlm:framework': 'ONNX',
      'mlm:framework_version': training ? `opset ${training.onnx.opset}` : 'not trained',
      'mlm:accelerator': 'amd64',
      'mlm:total_parameters': 21,
      'mlm:pretrained': false,
      'mlm:input': [
        {
          name: 'bands',
          bands: BANDS,
          input: { shape: [-1, 4, -1, -1], dim_order: ['batch', 'bands', 'height', 'width'], data_type: 'float32' },
          description: 'Reflectance x 10000 (the model divides by 10000)',
        },
      ],
      'mlm:output': [
        {
          name: 'classes',
          tasks: ['semantic-segmentation'],
          result: { shape: [-1, -1, -1], dim_order: ['batch', 'height', 'width'], data_type: 'uint8' },
          'classification:classes': classes,
        },
        {
          name: 'probabilities',
          tasks: ['classification'],
          result: { shape: [-1, classes.length, -1, -1], dim_order: ['batch', 'class', 'height', 'width'], data_type: 'float32' },
        },
      ],
      'dlm:inputs': [
        {
          name: 'bands',
          label: 'Scene',
          type: 'tensor',
          doc: 'Blue, green, red and near-infrared reflectance x 10000: a 4-band GeoTIFF such as its asset example-scene.tif',
          'tensor-spec': tensor([-1, 4, -1, -1], 'float32'),
        },
      ],
      'dlm:outputs': [
        {
          id: 'classes',
          label: 'Classes',
          type: 'tensor',
          doc: classes.map(({ value, name }) => `${value} ${name}`).join(', '),
          'tensor-spec': tensor([-1, -1, -1], 'uint8'),
        },
        { id: 'probabilities', label: 'Probabilities', type: 'tensor', doc: 'per class', 'tensor-spec': tensor([-1, classes.length, -1, -1], 'float32') },
      ],
      themes: THEMES,
      contacts: CONTACTS,
    },
    links: [{ rel: 'derived_from', href: catalogueAssetUrl(DEMO_COLLECTION_ID, 'demo-antwerp-2024-07-15', 'thumbnail.png'), title: 'A scene it applies to' }],
    assets: {
      ...(training
        ? {
            model: {
              href: catalogueAssetUrl(collectionId, DEMO_MODEL_ID, 'model.onnx'),
              type: 'application/octet-stream; application=onnx',
              title: 'The model (ONNX)',
              roles: ['mlm:model', 'mlm:weights'],
              'file:size': training.onnx.bytes,
            },
            example: {
              href: catalogueAssetUrl(collectionId, DEMO_MODEL_ID, 'example-scene.tif'),
              type: 'image/tiff; application=geotiff',
              title: 'An input to try it with: the Nile delta on 2024-07-15, its four bands as one GeoTIFF',
              roles: ['example'],
            },
          }
        : {}),
      rules: {
        href: catalogueAssetUrl(collectionId, DEMO_MODEL_ID, 'rules.json'),
        type: 'application/json',
        title: 'The rules that labelled its training pixels',
        roles: ['metadata'],
      },
    },
  } as StacItem;
}

/** The Antwerp demo scenes of the four dates as one dataset: their band COGs and thumbnails, by reference. */
function datasetItem(collectionId: string, files: Map<string, string>): StacItem {
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
    collection: collectionId,
    geometry: bboxPolygon(ANTWERP),
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
 * Trains the demo classifier (scenes/train_land_cover.py) into the model item's catalogue folder
 * and records its run; undefined when it cannot (the warning names what is missing).
 */
async function train(
  paths: Pick<DatastorePaths, 'catalogueDir'>,
  options: DemoTraining,
  owner: Principal,
): Promise<{ training: Training; run: ModelRunReference } | undefined> {
  const started = new Date();
  const models = demoModelsCollection(owner.username);
  const dates = (place: string) => DATES.map((date) => `demo-${place}-${date}`).join(',');
  const result = await runDemoScript(options.python, 'train_land_cover.py', [
    '--scenes',
    paths.catalogueDir(DEMO_COLLECTION_ID),
    '--train',
    dates('antwerp'),
    '--test',
    TEST_PLACES.map(dates).join(','),
    '--out',
    paths.catalogueDir(models, DEMO_MODEL_ID),
    '--example',
    DEMO_MODEL_EXAMPLE_SCENE,
  ]);
  if (result.code !== 0) {
    options.warn(`The demo model is not trained (install python3-onnx): ${result.stderr.trim().split('\n').at(-1) ?? `exit ${result.code}`}`);
    return undefined;
  }
  const training = JSON.parse(result.stdout) as Training;
  const runId = await options.runs.record({
    workspace: options.workspace,
    experimentId: EXPERIMENT,
    name: `${DEMO_MODEL_ID}-${started.toISOString().slice(0, 10)}`,
    ownerId: owner.id,
    isPublic: true,
    startTime: started,
    endTime: new Date(),
    params: training.params,
    metrics: training.metrics,
    tags: { 'mlflow.source.name': 'train_land_cover.py', 'mlflow.user': owner.username },
    artifactUri: catalogueAssetUrl(models, DEMO_MODEL_ID, 'model.onnx'),
  });
  return { training, run: { workspace: options.workspace, experiment_id: EXPERIMENT, run_id: runId } };
}

/** What training the demo model needs: Debian's python, the run store, the demo workspace's identifier. */
export interface DemoTraining {
  python: string;
  runs: Pick<ModelRuns, 'record'>;
  workspace: string;
  warn(message: string): void;
}

/**
 * The demo's model and training dataset (docs/seed-data.md "Demo model and dataset"): public
 * collections `{owner}:demo-models` (the land-cover rules, its rules.json written into the
 * catalogue folders) and `{owner}:demo-training-data` (the Antwerp scenes by reference), owned by
 * the demo's owner and shared with the demo workspace; both are on the marketplace. Needs the demo scenes.
 */
export async function seedDemoModels(
  store: Pick<CatalogueStore, 'upsertCollection' | 'upsertItems' | 'readItem'>,
  paths: Pick<DatastorePaths, 'catalogueDir'>,
  owner: Principal,
  workspaceIds: number[],
  training: DemoTraining,
): Promise<void> {
  const [models, datasets] = [demoModelsCollection(owner.username), demoDatasetsCollection(owner.username)];
  const files = new Map<string, string>();
  for (const date of DATES) {
    const scene = await store.readItem(owner, DEMO_COLLECTION_ID, `demo-antwerp-${date}`);
    for (const band of BANDS) if (scene?.assets[band]) files.set(`demo-antwerp-${date}/${band}`, scene.assets[band].href);
  }
  const rules = paths.catalogueDir(models, DEMO_MODEL_ID);
  await fs.mkdir(rules, { recursive: true });
  await fs.writeFile(path.join(rules, 'rules.json'), `${JSON.stringify(RULES, null, 2)}\n`);
  const options = { ownerId: owner.id, isPublic: true, workspaceIds };
  await store.upsertCollection(
    collection(models, 'Demo models', 'The demo model: a land-cover classifier of the demo scenes, trained at the first start.', [-180, -90, 180, 90]),
    options,
  );
  const trained = await train(paths, training, owner);
  await store.upsertItems(models, [modelItem(models, trained?.training, trained?.run)]);
  await store.upsertCollection(collection(datasets, 'Demo training data', 'The demo training dataset: the Antwerp scenes through a season.', ANTWERP), options);
  await store.upsertItems(datasets, [datasetItem(datasets, files)]);
}
