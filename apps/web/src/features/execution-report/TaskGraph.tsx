import { Box, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { Background, Controls, Handle, Position, ReactFlow, ReactFlowProvider, useReactFlow, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { executionTaskGraph, taskStateText, type ExecutionResults } from '@asb/contracts';
import { useEffect, useMemo, useState } from 'react';
import { RoutedEdge, type RoutedEdgeType } from './RoutedEdge';
import { GRAPH_LAYOUTS, layoutTaskGraph, TASK_NODE_SIZE, type GraphDirection } from './task-graph-layout';

/** Spec 1 §2: zoom 0.25 to 1.25, padding 10, area height 300 px. */
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 1.25;
const FIT_PADDING = '10px';
const GRAPH_HEIGHT = 300;

type TaskNodeData = { label: string; state: string; color: string; direction: GraphDirection };
type TaskNode = Node<TaskNodeData, 'task'>;

function TaskNodeView({ data }: NodeProps<TaskNode>) {
  const [target, source] = data.direction === 'LR' ? [Position.Left, Position.Right] : [Position.Top, Position.Bottom];
  return (
    <Box
      data-task-node={data.label}
      data-state={data.state}
      title={`${data.label}: ${taskStateText(data.state)}`}
      style={{
        width: TASK_NODE_SIZE.width,
        height: TASK_NODE_SIZE.height,
        background: data.color,
        color: 'white',
        borderRadius: 6,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: '0 8px',
        overflow: 'hidden',
      }}
    >
      <Handle type="target" position={target} isConnectable={false} />
      <Text size="xs" fw={600} ff="monospace" truncate>
        {data.label}
      </Text>
      <Text size="10px" truncate style={{ opacity: 0.9 }}>
        {taskStateText(data.state)}
      </Text>
      <Handle type="source" position={source} isConnectable={false} />
    </Box>
  );
}

const nodeTypes = { task: TaskNodeView };
const edgeTypes = { routed: RoutedEdge };

/** Fits the view again when the layout changes or tasks appear (a splitter's child runs). */
function FitOnChange({ signature }: { signature: string }) {
  const flow = useReactFlow();
  useEffect(() => {
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: FIT_PADDING, maxZoom: MAX_ZOOM, minZoom: MIN_ZOOM }));
    return () => cancelAnimationFrame(frame);
  }, [flow, signature]);
  return null;
}

/** The task dependency graph of spec 1 §2: nodes coloured by task state (live), two layouts, Fit and zoom controls. */
export function TaskGraph({ executionResults }: { executionResults: ExecutionResults | null }) {
  const [direction, setDirection] = useState<GraphDirection>('LR');
  const graph = useMemo(() => executionTaskGraph(executionResults), [executionResults]);
  const { nodes, edges } = useMemo(() => {
    const placed = layoutTaskGraph(graph, direction);
    const flowNodes: TaskNode[] = placed.tasks.map((task) => ({
      id: task.id,
      type: 'task',
      position: { x: task.x, y: task.y },
      data: { label: task.id, state: task.state, color: task.color, direction },
      draggable: false,
      connectable: false,
      selectable: false,
    }));
    const flowEdges: RoutedEdgeType[] = placed.edges.map((edge) => ({
      id: `${edge.source}->${edge.target}`,
      type: 'routed',
      source: edge.source,
      target: edge.target,
      data: { bends: edge.bends, direction },
    }));
    return { nodes: flowNodes, edges: flowEdges };
  }, [graph, direction]);

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Task dependency graph</Title>
        <SegmentedControl
          size="xs"
          aria-label="Graph layout"
          data={GRAPH_LAYOUTS}
          value={direction}
          onChange={(value) => setDirection(value as GraphDirection)}
        />
      </Group>
      {nodes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks
        </Text>
      ) : (
        <Box h={GRAPH_HEIGHT} data-testid="task-graph" data-layout={direction}>
          <ReactFlowProvider>
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              fitView
              fitViewOptions={{ padding: FIT_PADDING }}
              nodesDraggable={false}
              nodesConnectable={false}
              elementsSelectable={false}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={16} />
              <Controls showInteractive={false} fitViewOptions={{ padding: FIT_PADDING }} />
              <FitOnChange signature={`${direction}:${nodes.length}`} />
            </ReactFlow>
          </ReactFlowProvider>
        </Box>
      )}
    </Paper>
  );
}
