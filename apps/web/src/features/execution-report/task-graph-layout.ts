import dagre from '@dagrejs/dagre';
import type { ReportTaskGraph } from '@asb/contracts';

/** Spec 1 §2: the graph's two layouts. */
export type GraphDirection = 'LR' | 'TB';

export const GRAPH_LAYOUTS: { value: GraphDirection; label: string }[] = [
  { value: 'LR', label: 'Left to Right' },
  { value: 'TB', label: 'Top to Bottom' },
];

export const TASK_NODE_SIZE = { width: 180, height: 40 };

export interface PlacedTask {
  id: string;
  state: string;
  color: string;
  /** top-left corner, as xyflow takes it */
  x: number;
  y: number;
}

/** The tasks placed by a layered layout (dagre) in the chosen direction: every task after the tasks that feed it. */
export function layoutTaskGraph(graph: ReportTaskGraph, direction: GraphDirection): PlacedTask[] {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: direction, nodesep: 24, ranksep: 60, marginx: 10, marginy: 10 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) layout.setNode(node.id, { ...TASK_NODE_SIZE });
  for (const edge of graph.edges) if (layout.hasNode(edge.source) && layout.hasNode(edge.target)) layout.setEdge(edge.source, edge.target);
  dagre.layout(layout);
  return graph.nodes.map((node) => {
    const placed = layout.node(node.id);
    return { ...node, x: Math.round(placed.x - TASK_NODE_SIZE.width / 2), y: Math.round(placed.y - TASK_NODE_SIZE.height / 2) };
  });
}
