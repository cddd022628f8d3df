import { NOTIFY_MS, type WorkflowEdge, type WorkflowGraph } from '@asb/contracts';
import { useComputedColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  type Connection,
  type EdgeChange,
  type FinalConnectionState,
  type NodeChange,
  type NodeTypes,
  type OnConnectEnd,
} from '@xyflow/react';
import { useCallback, useMemo, type Dispatch, type SetStateAction } from 'react';
import { connectionProblem, orientedConnection, toWorkflowEdge, type HandleConnection } from './graph-connections';
import { applyMeasured, movedPositions, NODE_TYPE, toFlowEdges, toFlowNodes, type EditorEdge, type EditorNode, type Size } from './graph-flow';
import type { XY } from './graph-ops';
import type { GraphSignatures } from './use-graph-signatures';
import type { Selection } from './use-selection';
import { WorkflowNodeView } from './WorkflowNodeView';

const NODE_TYPES: NodeTypes = { [NODE_TYPE]: WorkflowNodeView };

const CONNECTION_REFUSED = 'Connection refused';

interface WorkflowCanvasProps {
  graph: WorkflowGraph;
  signatures: GraphSignatures;
  selection: Selection;
  problemNodes: ReadonlySet<string>;
  isReadOnly: boolean;
  measured: ReadonlyMap<string, Size>;
  setMeasured: Dispatch<SetStateAction<ReadonlyMap<string, Size>>>;
  onMove: (positions: ReadonlyMap<string, XY>, isDragging: boolean) => void;
  onConnect: (edge: WorkflowEdge) => void;
  onDelete: (nodeIds: string[], edgeIds: string[]) => void;
}

/** The drawing: xyflow nodes and edges derived from the graph; every change goes back to the editor as a graph change. */
export function WorkflowCanvas({
  graph,
  signatures,
  selection,
  problemNodes,
  isReadOnly,
  measured,
  setMeasured,
  onMove,
  onConnect,
  onDelete,
}: WorkflowCanvasProps) {
  const colorScheme = useComputedColorScheme('light');
  const { ports } = signatures;

  const nodes = useMemo<EditorNode[]>(
    () =>
      toFlowNodes(graph, {
        ports,
        processLabels: signatures.processLabels,
        pending: signatures.pending,
        selectedNodes: selection.nodes,
        selectedEdges: selection.edges,
        measured,
        problemNodes,
      }),
    [graph, ports, signatures.processLabels, signatures.pending, selection.nodes, selection.edges, measured, problemNodes],
  );
  const edges = useMemo<EditorEdge[]>(() => toFlowEdges(graph, selection.edges), [graph, selection.edges]);

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => {
      setMeasured((sizes) => applyMeasured(sizes, changes));
      selection.onNodeChanges(changes);
      const { positions, isDragging } = movedPositions(changes);
      if (positions.size > 0) onMove(positions, isDragging);
    },
    [selection, setMeasured, onMove],
  );
  const onEdgesChange = useCallback((changes: EdgeChange<EditorEdge>[]) => selection.onEdgeChanges(changes), [selection]);

  const isValidConnection = useCallback((connection: HandleConnection) => connectionProblem(graph, ports, connection) === undefined, [graph, ports]);

  const connect = useCallback(
    (connection: Connection) => {
      const edge = toWorkflowEdge(connection);
      if (edge && connectionProblem(graph, ports, connection) === undefined) onConnect(edge);
    },
    [graph, ports, onConnect],
  );

  const explainRefusal: OnConnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      const { fromHandle, toHandle } = state;
      if (state.isValid !== false || !fromHandle || !toHandle) return;
      if (fromHandle.nodeId === toHandle.nodeId && fromHandle.id === toHandle.id && fromHandle.type === toHandle.type) return;
      const connection = orientedConnection(fromHandle, toHandle);
      const reason = connection
        ? connectionProblem(graph, ports, connection)
        : 'Connect an output (right side of a node) to an input (left side of another node).';
      if (reason) notifications.show({ title: CONNECTION_REFUSED, message: reason, color: 'orange', autoClose: NOTIFY_MS.success });
    },
    [graph, ports],
  );

  return (
    <ReactFlow<EditorNode, EditorEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={connect}
      onConnectEnd={explainRefusal}
      isValidConnection={isValidConnection}
      onDelete={({ nodes: deletedNodes, edges: deletedEdges }) =>
        onDelete(
          deletedNodes.map((node) => node.id),
          deletedEdges.map((edge) => edge.id),
        )
      }
      nodesDraggable={!isReadOnly}
      nodesConnectable={!isReadOnly}
      elementsSelectable
      deleteKeyCode={isReadOnly ? null : ['Delete', 'Backspace']}
      defaultEdgeOptions={{ style: { strokeWidth: 2 } }}
      fitView
      fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      minZoom={0.2}
      maxZoom={1.5}
      colorMode={colorScheme}
    >
      <Background gap={20} />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable ariaLabel="Workflow overview" />
    </ReactFlow>
  );
}
