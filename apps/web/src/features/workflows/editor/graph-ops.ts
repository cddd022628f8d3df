import {
  DEFAULT_SPLITTER_LIST_TYPE,
  edgeKey,
  type InputConstraints,
  type ListDataType,
  type NodeInputSettings,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@asb/contracts';
import { uniqueNodeId } from './graph-ids';

/** Pure operations on the editor's graph: each returns a new graph and leaves its argument alone. */

export interface XY {
  x: number;
  y: number;
}

/** Horizontal distance between a node and the next one added after it. */
export const NODE_SPACING_X = 320;
const NODE_CLEARANCE = 40;

/** Where a new node goes: the viewport's centre in an empty graph, else right of the last node added, never on top of a node. */
export function nextNodePosition(graph: WorkflowGraph, center: XY): XY {
  const last = graph.nodes.at(-1);
  const candidate = last ? { x: last.position.x + NODE_SPACING_X, y: last.position.y } : { ...center };
  const isTaken = (at: XY) =>
    graph.nodes.some((node) => Math.abs(node.position.x - at.x) < NODE_CLEARANCE && Math.abs(node.position.y - at.y) < NODE_CLEARANCE);
  while (isTaken(candidate)) candidate.y += NODE_CLEARANCE * 2;
  return { x: Math.round(candidate.x), y: Math.round(candidate.y) };
}

export function addProcessNode(
  graph: WorkflowGraph,
  version: { identifier: string; processIdentifier: string },
  position: XY,
): { graph: WorkflowGraph; id: string } {
  const id = uniqueNodeId(
    version.processIdentifier || version.identifier.split(':')[0] || 'node',
    graph.nodes.map((node) => node.id),
  );
  const node: WorkflowNode = { id, kind: 'process', processVersion: version.identifier, position, inputs: {} };
  return { graph: { ...graph, nodes: [...graph.nodes, node] }, id };
}

export function addSplitterNode(graph: WorkflowGraph, listType: ListDataType, position: XY): { graph: WorkflowGraph; id: string } {
  const id = uniqueNodeId(
    'splitter',
    graph.nodes.map((node) => node.id),
  );
  const node: WorkflowNode = {
    id,
    kind: 'dynamic-list-splitter',
    position,
    inputs: {},
    ...(listType === DEFAULT_SPLITTER_LIST_TYPE ? {} : { listType }),
  };
  return { graph: { ...graph, nodes: [...graph.nodes, node] }, id };
}

export function addGraphEdge(graph: WorkflowGraph, edge: WorkflowEdge): WorkflowGraph {
  if (graph.edges.some((existing) => edgeKey(existing) === edgeKey(edge))) return graph;
  return { ...graph, edges: [...graph.edges, edge] };
}

/** Removes nodes (with their edges) and edges named by edgeKey. */
export function removeElements(graph: WorkflowGraph, nodeIds: Iterable<string>, edgeIds: Iterable<string> = []): WorkflowGraph {
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  if (nodes.size === 0 && edges.size === 0) return graph;
  const kept = {
    nodes: graph.nodes.filter((node) => !nodes.has(node.id)),
    edges: graph.edges.filter((edge) => !edges.has(edgeKey(edge)) && !nodes.has(edge.source) && !nodes.has(edge.target)),
  };
  return kept.nodes.length === graph.nodes.length && kept.edges.length === graph.edges.length ? graph : kept;
}

/** The node's label ('' removes it) or, for a splitter, its list type. */
export function updateNode(graph: WorkflowGraph, id: string, patch: { label?: string; listType?: ListDataType }): WorkflowGraph {
  return mapNode(graph, id, (node) => {
    const next: WorkflowNode = { ...node, ...patch };
    if (!next.label) delete next.label;
    if (next.kind === 'dynamic-list-splitter' && next.listType === DEFAULT_SPLITTER_LIST_TYPE) delete next.listType;
    return next;
  });
}

/** Merges a change into one input's settings; settings left at their defaults are dropped. */
export function updateInputSettings(graph: WorkflowGraph, id: string, input: string, patch: Partial<NodeInputSettings>): WorkflowGraph {
  return mapNode(graph, id, (node) => {
    const settings = cleanSettings({ ...node.inputs[input], ...patch });
    const inputs = { ...node.inputs };
    if (settings) inputs[input] = settings;
    else delete inputs[input];
    return { ...node, inputs };
  });
}

/** Settings without empty texts, default switches and empty constraints; undefined when nothing is left. */
export function cleanSettings(settings: NodeInputSettings): NodeInputSettings | undefined {
  const clean: NodeInputSettings = {};
  if (settings.label) clean.label = settings.label;
  if (settings.defaultValue !== undefined && settings.defaultValue !== null && settings.defaultValue !== '') clean.defaultValue = settings.defaultValue;
  if (settings.userVisible === false) clean.userVisible = false;
  if (settings.userEditable === false) clean.userEditable = false;
  if (settings.dataType) clean.dataType = settings.dataType;
  if (settings.doc) clean.doc = settings.doc;
  if (settings.description) clean.description = settings.description;
  const constraints = cleanConstraints(settings.constraints);
  if (constraints) clean.constraints = constraints;
  return Object.keys(clean).length > 0 ? clean : undefined;
}

function cleanConstraints(constraints: InputConstraints | undefined): InputConstraints | undefined {
  if (!constraints) return undefined;
  const clean: InputConstraints = {};
  for (const [name, value] of Object.entries(constraints) as [keyof InputConstraints, InputConstraints[keyof InputConstraints]][]) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    (clean as Record<string, unknown>)[name] = value;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/** New positions for some nodes; the same graph when none moved. */
export function moveNodes(graph: WorkflowGraph, positions: ReadonlyMap<string, XY>): WorkflowGraph {
  let moved = false;
  const nodes = graph.nodes.map((node) => {
    const position = positions.get(node.id);
    if (!position || (position.x === node.position.x && position.y === node.position.y)) return node;
    moved = true;
    return { ...node, position: { x: position.x, y: position.y } };
  });
  return moved ? { ...graph, nodes } : graph;
}

/** Equal content, whatever the key order (the server may send keys in another order). */
export function graphsEqual(a: WorkflowGraph, b: WorkflowGraph): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}

function mapNode(graph: WorkflowGraph, id: string, change: (node: WorkflowNode) => WorkflowNode): WorkflowGraph {
  let changed = false;
  const nodes = graph.nodes.map((node) => {
    if (node.id !== id) return node;
    changed = true;
    return change(node);
  });
  return changed ? { ...graph, nodes } : graph;
}
