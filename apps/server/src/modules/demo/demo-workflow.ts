import { productInputUrl, type WorkflowGraph } from '@asb/contracts';
import { DEMO_VERSION } from './demo-processes.js';
import { DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE } from './demo-scenes.js';

export const DEMO_WORKFLOW = {
  identifier: 'ndvi-vegetation-demo',
  label: 'NDVI vegetation demo',
  shortDescription: 'Draws a synthetic 4-band scene, computes its NDVI, thresholds it into a vegetation mask and reports the share of vegetation.',
  description: [
    'A first workflow to run: no data to upload, nothing to download.',
    'Synthetic scene draws a 4-band (blue, green, red, nir) GeoTIFF of a made-up landscape over the longitude/latitude box you choose (around Antwerp by default);',
    'NDVI computes (nir - red) / (nir + red); Threshold turns the NDVI into a vegetation mask;',
    'Summary counts the vegetation and writes summary.json with a one-line result such as',
    '"Vegetation covers 42.1 % of the scene (mean NDVI 0.31)."',
    'Change the box, the size or the NDVI threshold in the execute form and compare the results.',
  ].join(' '),
} as const;

/** Horizontal distance between the nodes of the editor (a node is about 260 px wide). */
const STEP_X = 340;

const version = (slug: string) => `${slug}:${DEMO_VERSION}`;

/**
 * threshold → summary after the node 'ndvi' (outputs ndvi and mean_ndvi), the two nodes in
 * the columns after `ndviColumn`: the part both demo workflows share.
 */
const ndviTail = {
  nodes: (ndviColumn: number): WorkflowGraph['nodes'] => [
    {
      id: 'threshold',
      kind: 'process',
      processVersion: version('threshold'),
      label: 'Threshold',
      position: { x: (ndviColumn + 1) * STEP_X, y: 0 },
      inputs: {
        threshold: {
          label: 'NDVI threshold',
          defaultValue: '0.3',
          userVisible: true,
          userEditable: true,
          description: 'A pixel counts as vegetation from this NDVI on (-1 to 1)',
        },
      },
    },
    {
      id: 'summary',
      kind: 'process',
      processVersion: version('summary'),
      label: 'Summary',
      position: { x: (ndviColumn + 2) * STEP_X, y: 0 },
      inputs: {},
    },
  ],
  edges: [
    { source: 'ndvi', sourceOutput: 'ndvi', target: 'threshold', targetInput: 'ndvi' },
    { source: 'threshold', sourceOutput: 'mask', target: 'summary', targetInput: 'mask' },
    { source: 'ndvi', sourceOutput: 'mean_ndvi', target: 'summary', targetInput: 'mean_ndvi' },
    { source: 'threshold', sourceOutput: 'vegetation_share', target: 'summary', targetInput: 'vegetation_share' },
  ] satisfies WorkflowGraph['edges'],
};

/**
 * synthetic-scene → ndvi → threshold → summary, laid out left to right. The box, the
 * size, the band numbers and the threshold are what the execute form asks for; the seed
 * keeps its default (hidden). A band past the scene's fails inside the NDVI task: the one bad
 * value the declared constraints cannot catch (docs/seed-data.md).
 */
export function demoWorkflowGraph(): WorkflowGraph {
  return {
    nodes: [
      {
        id: 'scene',
        kind: 'process',
        processVersion: version('synthetic-scene'),
        label: 'Synthetic scene',
        position: { x: 0, y: 0 },
        inputs: {
          west: { label: 'West', userVisible: true, userEditable: true, description: 'Western edge of the scene (degrees east)' },
          south: { label: 'South', userVisible: true, userEditable: true, description: 'Southern edge of the scene (degrees north)' },
          east: { label: 'East', userVisible: true, userEditable: true, description: 'Eastern edge of the scene (degrees east)' },
          north: { label: 'North', userVisible: true, userEditable: true, description: 'Northern edge of the scene (degrees north)' },
          size: { label: 'Size (pixels)', userVisible: true, userEditable: true, description: 'Pixels along the longer side of the scene, 16 to 2048' },
          seed: { label: 'Random seed', userVisible: false, userEditable: false },
        },
      },
      {
        id: 'ndvi',
        kind: 'process',
        processVersion: version('ndvi'),
        label: 'NDVI',
        position: { x: STEP_X, y: 0 },
        inputs: {
          red_band: {
            label: 'Red band',
            userVisible: true,
            userEditable: true,
            description: 'Number of the red band in the scene (the synthetic scene has 1 blue, 2 green, 3 red, 4 near-infrared)',
          },
          nir_band: {
            label: 'Near-infrared band',
            userVisible: true,
            userEditable: true,
            description: 'Number of the near-infrared band in the scene (4 in the synthetic scene)',
          },
        },
      },
      ...ndviTail.nodes(1),
    ],
    edges: [{ source: 'scene', sourceOutput: 'scene', target: 'ndvi', targetInput: 'scene' }, ...ndviTail.edges],
  };
}

export const DEMO_PRODUCT_WORKFLOW = {
  identifier: 'product-ndvi-demo',
  label: 'Product NDVI demo',
  shortDescription:
    "Computes the NDVI of a product of the catalogue ('Demo scenes'), thresholds it into a vegetation mask and reports the share of vegetation.",
  description: [
    'A workflow on a real catalogue product: choose a scene of the "Demo scenes" collection (three places, four dates of 2024) in the execute form.',
    "The platform stages the product's assets into the task's input folder before it runs;",
    'Product NDVI reads its red and near-infrared Cloud-Optimised GeoTIFFs and computes (nir - red) / (nir + red);',
    'Threshold turns the NDVI into a vegetation mask; Summary counts the vegetation and writes summary.json.',
    'Compare the seasons of one place: the fields green up from March to July.',
  ].join(' '),
} as const;

/** product-ndvi → threshold → summary: the product is the workflow's input, a demo scene by default. */
export function demoProductWorkflowGraph(): WorkflowGraph {
  return {
    nodes: [
      {
        id: 'ndvi',
        kind: 'process',
        processVersion: version('product-ndvi'),
        label: 'Product NDVI',
        position: { x: 0, y: 0 },
        inputs: {
          product: {
            label: 'EO product',
            defaultValue: productInputUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE),
            userVisible: true,
            userEditable: true,
            description: "A product of the catalogue with red and near-infrared assets (the 'Demo scenes' collection has them)",
          },
        },
      },
      ...ndviTail.nodes(0),
    ],
    edges: [...ndviTail.edges],
  };
}
