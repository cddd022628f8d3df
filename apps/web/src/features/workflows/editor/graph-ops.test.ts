import type { WorkflowGraph } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import {
  addGraphEdge,
  addProcessNode,
  addSplitterNode,
  cleanSettings,
  graphsEqual,
  moveNodes,
  nextNodePosition,
  NODE_SPACING_X,
  removeElements,
  updateInputSettings,
  updateNode,
} from './graph-ops';

const EDGE = { source: 'load', sourceOutput: 'scene', target: 'ndvi', targetInput: 'red' };
const GRAPH: WorkflowGraph = {
  nodes: [
    { id: 'load', kind: 'process', processVersion: 'load:1', position: { x: 0, y: 0 }, inputs: {} },
    { id: 'ndvi', kind: 'process', processVersion: 'ndvi:1', position: { x: 300, y: 0 }, inputs: {} },
  ],
  edges: [EDGE],
};

describe('graph operations', () => {
  it('adds process nodes with ids from the process identifier', () => {
    const added = addProcessNode(GRAPH, { identifier: 'ndvi:2', processIdentifier: 'ndvi' }, { x: 1, y: 2 });
    expect(added.id).toBe('ndvi-2');
    expect(added.graph.nodes.at(-1)).toEqual({ id: 'ndvi-2', kind: 'process', processVersion: 'ndvi:2', position: { x: 1, y: 2 }, inputs: {} });
    expect(GRAPH.nodes).toHaveLength(2);
  });

  it('adds a splitter, keeping the default list type implicit', () => {
    expect(addSplitterNode(GRAPH, 'list-string', { x: 0, y: 0 }).graph.nodes.at(-1)).toEqual({
      id: 'splitter',
      kind: 'dynamic-list-splitter',
      position: { x: 0, y: 0 },
      inputs: {},
    });
    expect(addSplitterNode(GRAPH, 'list-file', { x: 0, y: 0 }).graph.nodes.at(-1)?.listType).toBe('list-file');
  });

  it('places a new node right of the last one, never on top of another', () => {
    expect(nextNodePosition({ nodes: [], edges: [] }, { x: 10.4, y: 20.6 })).toEqual({ x: 10, y: 21 });
    expect(nextNodePosition(GRAPH, { x: 0, y: 0 })).toEqual({ x: 300 + NODE_SPACING_X, y: 0 });
    const crowded = addProcessNode(GRAPH, { identifier: 'x:1', processIdentifier: 'x' }, { x: 300 + NODE_SPACING_X, y: 0 }).graph;
    const moved = { ...crowded, nodes: [...crowded.nodes.slice(0, 1), crowded.nodes[2]!, crowded.nodes[1]!] };
    expect(nextNodePosition(moved, { x: 0, y: 0 })).toEqual({ x: 300 + NODE_SPACING_X, y: 80 });
  });

  it('adds an edge once', () => {
    expect(addGraphEdge(GRAPH, { ...EDGE })).toBe(GRAPH);
    expect(addGraphEdge(GRAPH, { ...EDGE, targetInput: 'nir' }).edges).toHaveLength(2);
  });

  it('removes nodes with their edges, and edges by key', () => {
    expect(removeElements(GRAPH, ['ndvi'])).toEqual({ nodes: [GRAPH.nodes[0]], edges: [] });
    expect(removeElements(GRAPH, [], ['load.scene->ndvi.red'])).toEqual({ nodes: GRAPH.nodes, edges: [] });
    expect(removeElements(GRAPH, [], [])).toBe(GRAPH);
    expect(removeElements(GRAPH, ['nope'])).toBe(GRAPH);
  });

  it('sets and clears a node label and a splitter list type', () => {
    const labelled = updateNode(GRAPH, 'ndvi', { label: 'Vegetation' });
    expect(labelled.nodes[1]?.label).toBe('Vegetation');
    expect(updateNode(labelled, 'ndvi', { label: '' }).nodes[1]).not.toHaveProperty('label');
    const splitter = addSplitterNode(GRAPH, 'list-file', { x: 0, y: 0 }).graph;
    expect(updateNode(splitter, 'splitter', { listType: 'list-string' }).nodes.at(-1)).not.toHaveProperty('listType');
    expect(updateNode(GRAPH, 'nope', { label: 'x' })).toBe(GRAPH);
  });

  it('merges input settings and drops what is left at its default', () => {
    let graph = updateInputSettings(GRAPH, 'ndvi', 'threshold', { label: 'Threshold', userVisible: false });
    expect(graph.nodes[1]?.inputs).toEqual({ threshold: { label: 'Threshold', userVisible: false } });
    graph = updateInputSettings(graph, 'ndvi', 'threshold', { constraints: { enum: ['0.1', '0.2'] } });
    expect(graph.nodes[1]?.inputs.threshold?.constraints).toEqual({ enum: ['0.1', '0.2'] });
    graph = updateInputSettings(graph, 'ndvi', 'threshold', { label: '', userVisible: true, constraints: { enum: undefined } });
    expect(graph.nodes[1]?.inputs).toEqual({});
  });

  it('cleans settings but keeps the server-written encryption constraints', () => {
    expect(cleanSettings({ label: '', defaultValue: '', userEditable: true, doc: '', description: '', dataType: '' })).toBeUndefined();
    expect(cleanSettings({ defaultValue: '0', userEditable: false, constraints: { enc_method: 'RSA', enum: [] } })).toEqual({
      defaultValue: '0',
      userEditable: false,
      constraints: { enc_method: 'RSA' },
    });
  });

  it('moves nodes and keeps the same graph when nothing moved', () => {
    const moved = moveNodes(GRAPH, new Map([['ndvi', { x: 5, y: 6 }]]));
    expect(moved.nodes[1]?.position).toEqual({ x: 5, y: 6 });
    expect(moved.nodes[0]).toBe(GRAPH.nodes[0]);
    expect(moveNodes(GRAPH, new Map([['ndvi', { x: 300, y: 0 }]]))).toBe(GRAPH);
  });

  it('compares graphs by content, whatever the key order', () => {
    const reordered = JSON.parse(
      '{"edges":[{"targetInput":"red","target":"ndvi","sourceOutput":"scene","source":"load"}],"nodes":[{"inputs":{},"position":{"y":0,"x":0},"processVersion":"load:1","kind":"process","id":"load"},{"id":"ndvi","kind":"process","processVersion":"ndvi:1","position":{"x":300,"y":0},"inputs":{}}]}',
    ) as WorkflowGraph;
    expect(graphsEqual(GRAPH, reordered)).toBe(true);
    expect(graphsEqual(GRAPH, moveNodes(GRAPH, new Map([['load', { x: 1, y: 0 }]])))).toBe(false);
  });
});
