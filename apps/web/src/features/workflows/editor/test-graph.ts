import { graphPorts, type ProcessSignature, type VersionResolver, type WorkflowGraph } from '@asb/contracts';

/** The three processes of the editor tests: Load scene -> NDVI -> Export. */
export const SIGNATURES: Record<string, ProcessSignature> = {
  'load-scene:1': { inputs: [], outputs: [{ name: 'scene', dataType: 'geotiff' }], dependencies: [] },
  'ndvi:1': {
    inputs: [
      { name: 'red', dataType: 'geotiff' },
      { name: 'threshold', dataType: 'float', default: 0.3 },
    ],
    outputs: [{ name: 'ndvi', dataType: 'geotiff' }],
    dependencies: [],
  },
  'export:1': { inputs: [{ name: 'image', dataType: 'geotiff' }], outputs: [{ name: 'url', dataType: 'url' }], dependencies: [] },
};

const resolveTestVersion: VersionResolver = (identifier) => {
  const signature = SIGNATURES[identifier];
  return signature ? { signature } : undefined;
};

export const PIPELINE: WorkflowGraph = {
  nodes: [
    { id: 'load-scene', kind: 'process', processVersion: 'load-scene:1', position: { x: 0, y: 0 }, inputs: {} },
    { id: 'ndvi', kind: 'process', processVersion: 'ndvi:1', position: { x: 320, y: 0 }, inputs: {} },
    { id: 'export', kind: 'process', processVersion: 'export:1', position: { x: 640, y: 0 }, inputs: {} },
  ],
  edges: [{ source: 'load-scene', sourceOutput: 'scene', target: 'ndvi', targetInput: 'red' }],
};

export function testPorts(graph: WorkflowGraph) {
  return graphPorts(graph, resolveTestVersion);
}
