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

export interface Point {
  x: number;
  y: number;
}

/** An edge with the points the layout routed it through between its ends (none for neighbours). */
interface RoutedTaskEdge {
  source: string;
  target: string;
  bends: Point[];
}

/**
 * The tasks placed by a layered layout (dagre) in the chosen direction, every task after the
 * tasks that feed it, and the edges' routes: an edge that skips a layer passes beside the tasks
 * of that layer through the points dagre kept free for it (drawn straight, it would run along
 * their border).
 */
export function layoutTaskGraph(graph: ReportTaskGraph, direction: GraphDirection): { tasks: PlacedTask[]; edges: RoutedTaskEdge[] } {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: direction, nodesep: 24, ranksep: 60, marginx: 10, marginy: 10 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) layout.setNode(node.id, { ...TASK_NODE_SIZE });
  const edges = graph.edges.filter((edge) => layout.hasNode(edge.source) && layout.hasNode(edge.target));
  for (const edge of edges) layout.setEdge(edge.source, edge.target);
  dagre.layout(layout);
  const tasks = graph.nodes.map((node) => {
    const placed = layout.node(node.id);
    return { ...node, x: Math.round(placed.x - TASK_NODE_SIZE.width / 2), y: Math.round(placed.y - TASK_NODE_SIZE.height / 2) };
  });
  return {
    tasks,
    edges: edges.map((edge) => {
      // dagre's points start and end on the boxes' outlines, with one point between neighbours (dagre
      // puts half a layer between every two): only a longer list has bends of its own
      const points = layout.edge(edge.source, edge.target).points;
      return { source: edge.source, target: edge.target, bends: points.length > 3 ? points.slice(1, -1) : [] };
    }),
  };
}
