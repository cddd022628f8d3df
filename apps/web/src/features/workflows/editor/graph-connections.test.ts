import { describe, expect, it } from 'vitest';
import { connectionProblem, orientedConnection, toWorkflowEdge } from './graph-connections';
import { PIPELINE, testPorts } from './test-graph';

const ports = testPorts(PIPELINE);

describe('connection checks', () => {
  it('accepts an output into a free input of a compatible type', () => {
    expect(connectionProblem(PIPELINE, ports, { source: 'ndvi', sourceHandle: 'ndvi', target: 'export', targetHandle: 'image' })).toBeUndefined();
  });

  it('refuses incompatible data types with both types named', () => {
    expect(connectionProblem(PIPELINE, ports, { source: 'export', sourceHandle: 'url', target: 'ndvi', targetHandle: 'threshold' })).toBe(
      'Output "url" (url) cannot feed input "threshold" (float): the data types do not match.',
    );
  });

  it('refuses a second edge into an input', () => {
    expect(connectionProblem(PIPELINE, ports, { source: 'ndvi', sourceHandle: 'ndvi', target: 'ndvi', targetHandle: 'red' })).toBe(
      'A node cannot feed itself.',
    );
    const graph = { ...PIPELINE, nodes: [...PIPELINE.nodes, { ...PIPELINE.nodes[0]!, id: 'load-2' }] };
    expect(connectionProblem(graph, testPorts(graph), { source: 'load-2', sourceHandle: 'scene', target: 'ndvi', targetHandle: 'red' })).toBe(
      'Input "red" of ndvi is already fed by load-scene.scene: delete that connection first.',
    );
  });

  it('refuses a cycle', () => {
    const graph = { ...PIPELINE, edges: [...PIPELINE.edges, { source: 'ndvi', sourceOutput: 'ndvi', target: 'export', targetInput: 'image' }] };
    const looped = { ...graph, nodes: graph.nodes.map((node) => (node.id === 'load-scene' ? { ...node, processVersion: 'ndvi:1' } : node)) };
    expect(connectionProblem(looped, testPorts(looped), { source: 'export', sourceHandle: 'url', target: 'load-scene', targetHandle: 'red' })).toMatch(
      /^Output/,
    );
    const cycle = connectionProblem(looped, testPorts(looped), { source: 'ndvi', sourceHandle: 'ndvi', target: 'load-scene', targetHandle: 'red' });
    expect(cycle).toBe('This connection would make a cycle: load-scene → ndvi → load-scene.');
  });

  it('refuses handles it does not know', () => {
    expect(connectionProblem(PIPELINE, ports, { source: 'ndvi', sourceHandle: null, target: 'export', targetHandle: 'image' })).toMatch(/^Connect an output/);
    expect(connectionProblem(PIPELINE, ports, { source: 'ndvi', sourceHandle: 'nope', target: 'export', targetHandle: 'image' })).toBe(
      'The ports of this node are not known yet.',
    );
  });

  it('turns a drag that began on an input into output -> input', () => {
    expect(orientedConnection({ nodeId: 'export', id: 'image', type: 'target' }, { nodeId: 'ndvi', id: 'ndvi', type: 'source' })).toEqual({
      source: 'ndvi',
      sourceHandle: 'ndvi',
      target: 'export',
      targetHandle: 'image',
    });
    expect(orientedConnection({ nodeId: 'a', id: 'x', type: 'source' }, { nodeId: 'b', id: 'y', type: 'source' })).toBeUndefined();
    expect(toWorkflowEdge({ source: 'a', sourceHandle: 'x', target: 'b', targetHandle: 'y' })).toEqual({
      source: 'a',
      sourceOutput: 'x',
      target: 'b',
      targetInput: 'y',
    });
  });
});
