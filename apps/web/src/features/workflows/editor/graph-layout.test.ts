import { describe, expect, it } from 'vitest';
import { layoutGraph, layoutPositions } from './graph-layout';
import { PIPELINE } from './test-graph';

describe('auto layout', () => {
  it('places every node right of the nodes feeding it', () => {
    const graph = {
      nodes: PIPELINE.nodes.map((node) => ({ ...node, position: { x: 0, y: 0 } })).reverse(),
      edges: [...PIPELINE.edges, { source: 'ndvi', sourceOutput: 'ndvi', target: 'export', targetInput: 'image' }],
    };
    const positions = layoutPositions(graph, () => ({ width: 200, height: 100 }));
    const x = (id: string) => positions.get(id)!.x;
    expect(x('load-scene')).toBeLessThan(x('ndvi'));
    expect(x('ndvi') - x('load-scene')).toBeGreaterThanOrEqual(200);
    expect(x('ndvi')).toBeLessThan(x('export'));
    expect(layoutGraph(graph, () => undefined).nodes.every((node) => Number.isInteger(node.position.x) && Number.isInteger(node.position.y))).toBe(true);
  });

  it('stacks unconnected nodes without overlap', () => {
    const graph = { nodes: PIPELINE.nodes.map((node) => ({ ...node, position: { x: 0, y: 0 } })), edges: [] };
    const ys = [...layoutPositions(graph, () => ({ width: 200, height: 100 })).values()].map((position) => position.y).sort((a, b) => a - b);
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(100);
    expect(ys[2]! - ys[1]!).toBeGreaterThanOrEqual(100);
  });
});
