import { edgeKey, type NodePorts, type WorkflowGraph, type WorkflowNode } from '@asb/contracts';
import type { Edge, EdgeChange, Node, NodeChange } from '@xyflow/react';
import type { XY } from './graph-ops';

/** Conversion between the contracts' WorkflowGraph and what xyflow draws. */

export const NODE_TYPE = 'workflow';

export interface PortView {
  name: string;
  dataType: string;
  description?: string;
  isConnected: boolean;
}

type WorkflowNodeData = {
  nodeId: string;
  title: string;
  subtitle: string;
  inputs: PortView[];
  outputs: PortView[];
  /** ports known, still loading, or the process version could not be found */
  status: 'ready' | 'loading' | 'missing';
  hasProblem: boolean;
};
export type EditorNode = Node<WorkflowNodeData, typeof NODE_TYPE>;
export type EditorEdge = Edge;

export interface Size {
  width: number;
  height: number;
}

export interface FlowView {
  ports: ReadonlyMap<string, NodePorts>;
  /** process version identifier -> process label */
  processLabels: ReadonlyMap<string, string>;
  /** process versions whose signature is still loading */
  pending: ReadonlySet<string>;
  selectedNodes: ReadonlySet<string>;
  selectedEdges: ReadonlySet<string>;
  measured: ReadonlyMap<string, Size>;
  problemNodes: ReadonlySet<string>;
}

const SPLITTER_TITLE = 'Dynamic list splitter';

export function nodeTitle(node: WorkflowNode, processLabels: ReadonlyMap<string, string>): string {
  if (node.label) return node.label;
  if (node.kind === 'dynamic-list-splitter') return SPLITTER_TITLE;
  return (node.processVersion && processLabels.get(node.processVersion)) || node.id;
}

function nodeStatus(node: WorkflowNode, view: FlowView): WorkflowNodeData['status'] {
  if (view.ports.has(node.id)) return 'ready';
  return node.processVersion && view.pending.has(node.processVersion) ? 'loading' : 'missing';
}

export function toFlowNodes(graph: WorkflowGraph, view: FlowView): EditorNode[] {
  const fed = new Set(graph.edges.map((edge) => `${edge.target}.${edge.targetInput}`));
  const feeding = new Set(graph.edges.map((edge) => `${edge.source}.${edge.sourceOutput}`));
  return graph.nodes.map((node) => {
    const ports = view.ports.get(node.id);
    const measured = view.measured.get(node.id);
    return {
      id: node.id,
      type: NODE_TYPE,
      position: { x: node.position.x, y: node.position.y },
      selected: view.selectedNodes.has(node.id),
      ...(measured ? { measured } : {}),
      data: {
        nodeId: node.id,
        title: nodeTitle(node, view.processLabels),
        subtitle: node.kind === 'dynamic-list-splitter' ? `${node.id} · splits a list` : `${node.id} · ${node.processVersion ?? 'no process version'}`,
        inputs: (ports?.inputs ?? []).map((port) => ({
          name: port.name,
          dataType: port.dataType,
          description: port.description,
          isConnected: fed.has(`${node.id}.${port.name}`),
        })),
        outputs: (ports?.outputs ?? []).map((port) => ({
          name: port.name,
          dataType: port.dataType,
          description: port.description,
          isConnected: feeding.has(`${node.id}.${port.name}`),
        })),
        status: nodeStatus(node, view),
        hasProblem: view.problemNodes.has(node.id),
      },
    };
  });
}

/** One xyflow edge per graph edge, identified by edgeKey; handle ids are the port names. */
export function toFlowEdges(graph: WorkflowGraph, selectedEdges: ReadonlySet<string>): EditorEdge[] {
  return graph.edges.map((edge) => {
    const id = edgeKey(edge);
    return { id, source: edge.source, sourceHandle: edge.sourceOutput, target: edge.target, targetHandle: edge.targetInput, selected: selectedEdges.has(id) };
  });
}

/** The selection after xyflow's select changes; the same set when nothing changed. */
export function applySelection(selected: ReadonlySet<string>, changes: readonly (NodeChange | EdgeChange)[]): ReadonlySet<string> {
  let next: Set<string> | undefined;
  for (const change of changes) {
    if (change.type !== 'select' || selected.has(change.id) === change.selected) continue;
    next ??= new Set(selected);
    if (change.selected) next.add(change.id);
    else next.delete(change.id);
  }
  return next ?? selected;
}

/** Node positions xyflow moved, and whether a drag is still going on. */
export function movedPositions(changes: readonly NodeChange[]): { positions: Map<string, XY>; isDragging: boolean } {
  const positions = new Map<string, XY>();
  let isDragging = false;
  for (const change of changes) {
    if (change.type !== 'position') continue;
    if (change.position) positions.set(change.id, { x: Math.round(change.position.x), y: Math.round(change.position.y) });
    if (change.dragging) isDragging = true;
  }
  return { positions, isDragging };
}

/** Sizes xyflow measured; the same map when nothing changed. */
export function applyMeasured(measured: ReadonlyMap<string, Size>, changes: readonly NodeChange[]): ReadonlyMap<string, Size> {
  let next: Map<string, Size> | undefined;
  for (const change of changes) {
    if (change.type !== 'dimensions' || !change.dimensions) continue;
    const old = measured.get(change.id);
    if (old && old.width === change.dimensions.width && old.height === change.dimensions.height) continue;
    next ??= new Map(measured);
    next.set(change.id, { width: change.dimensions.width, height: change.dimensions.height });
  }
  return next ?? measured;
}
