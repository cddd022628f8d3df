import dagre from '@dagrejs/dagre';
import type { WorkflowGraph } from '@asb/contracts';
import type { Size } from './graph-flow';
import { moveNodes, type XY } from './graph-ops';

const DEFAULT_NODE_SIZE: Size = { width: 260, height: 120 };

/**
 * Positions from a left-to-right layered layout (dagre): every node right of the
 * nodes that feed it. Positions are top-left corners, as xyflow takes them.
 */
export function layoutPositions(graph: WorkflowGraph, sizeOf: (id: string) => Size | undefined): Map<string, XY> {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 100, marginx: 20, marginy: 20 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) layout.setNode(node.id, { ...(sizeOf(node.id) ?? DEFAULT_NODE_SIZE) });
  for (const edge of graph.edges) if (layout.hasNode(edge.source) && layout.hasNode(edge.target)) layout.setEdge(edge.source, edge.target);
  dagre.layout(layout);
  const positions = new Map<string, XY>();
  for (const node of graph.nodes) {
    const placed = layout.node(node.id);
    if (placed.x === undefined || placed.y === undefined) continue;
    positions.set(node.id, { x: Math.round(placed.x - placed.width / 2), y: Math.round(placed.y - placed.height / 2) });
  }
  return positions;
}

export function layoutGraph(graph: WorkflowGraph, sizeOf: (id: string) => Size | undefined): WorkflowGraph {
  return moveNodes(graph, layoutPositions(graph, sizeOf));
}
