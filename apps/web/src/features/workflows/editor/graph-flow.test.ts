import { describe, expect, it } from 'vitest';
import { applyMeasured, applySelection, movedPositions, NODE_TYPE, toFlowEdges, toFlowNodes, type FlowView } from './graph-flow';
import { addSplitterNode } from './graph-ops';
import { PIPELINE, testPorts } from './test-graph';

function view(overrides: Partial<FlowView> = {}): FlowView {
  return {
    ports: testPorts(PIPELINE),
    processLabels: new Map([['ndvi:1', 'NDVI']]),
    pending: new Set(),
    selectedNodes: new Set(),
    selectedEdges: new Set(),
    measured: new Map(),
    problemNodes: new Set(),
    ...overrides,
  };
}

describe('graph <-> xyflow', () => {
  it('draws one node per graph node with its ports, connections, selection and size', () => {
    const nodes = toFlowNodes(PIPELINE, view({ selectedNodes: new Set(['ndvi']), measured: new Map([['ndvi', { width: 260, height: 90 }]]) }));
    expect(nodes.map((node) => node.id)).toEqual(['load-scene', 'ndvi', 'export']);
    const ndvi = nodes[1]!;
    expect(ndvi).toMatchObject({ type: NODE_TYPE, position: { x: 320, y: 0 }, selected: true, measured: { width: 260, height: 90 } });
    expect(ndvi.data).toMatchObject({ title: 'NDVI', subtitle: 'ndvi · ndvi:1', status: 'ready', hasProblem: false });
    expect(ndvi.data.inputs).toEqual([
      { name: 'red', dataType: 'geotiff', description: undefined, isConnected: true },
      { name: 'threshold', dataType: 'float', description: undefined, isConnected: false },
    ]);
    expect(nodes[0]?.data.outputs[0]?.isConnected).toBe(true);
    expect(nodes[0]?.data.title).toBe('load-scene');
  });

  it('tells loading versions from missing ones, and titles splitters', () => {
    const graph = addSplitterNode(PIPELINE, 'list-file', { x: 0, y: 0 }).graph;
    const nodes = toFlowNodes(
      graph,
      view({ ports: testPorts({ ...graph, nodes: graph.nodes.slice(3) }), pending: new Set(['ndvi:1']), problemNodes: new Set(['export']) }),
    );
    expect(nodes.map((node) => node.data.status)).toEqual(['missing', 'loading', 'missing', 'ready']);
    expect(nodes[2]?.data.hasProblem).toBe(true);
    expect(nodes[3]?.data).toMatchObject({
      title: 'Dynamic list splitter',
      inputs: [{ name: 'items', dataType: 'list-file' }],
      outputs: [{ name: 'item', dataType: 'file' }],
    });
  });

  it('draws edges between port handles, identified by edge key', () => {
    expect(toFlowEdges(PIPELINE, new Set(['load-scene.scene->ndvi.red']))).toEqual([
      { id: 'load-scene.scene->ndvi.red', source: 'load-scene', sourceHandle: 'scene', target: 'ndvi', targetHandle: 'red', selected: true },
    ]);
  });

  it('follows select changes', () => {
    const selected = new Set(['a']);
    expect(applySelection(selected, [{ type: 'select', id: 'a', selected: true }])).toBe(selected);
    expect([
      ...applySelection(selected, [
        { type: 'select', id: 'a', selected: false },
        { type: 'select', id: 'b', selected: true },
      ]),
    ]).toEqual(['b']);
  });

  it('reads moved positions (rounded) and whether the drag goes on', () => {
    expect(
      movedPositions([
        { type: 'position', id: 'a', position: { x: 1.6, y: 2.2 }, dragging: true },
        { type: 'select', id: 'a', selected: true },
      ]),
    ).toEqual({
      positions: new Map([['a', { x: 2, y: 2 }]]),
      isDragging: true,
    });
    expect(movedPositions([{ type: 'position', id: 'a', position: { x: 1, y: 2 }, dragging: false }]).isDragging).toBe(false);
  });

  it('keeps measured sizes, the same map when unchanged', () => {
    const sizes = new Map([['a', { width: 1, height: 2 }]]);
    expect(applyMeasured(sizes, [{ type: 'dimensions', id: 'a', dimensions: { width: 1, height: 2 } }])).toBe(sizes);
    expect(applyMeasured(sizes, [{ type: 'dimensions', id: 'b', dimensions: { width: 3, height: 4 } }]).get('b')).toEqual({ width: 3, height: 4 });
  });
});
