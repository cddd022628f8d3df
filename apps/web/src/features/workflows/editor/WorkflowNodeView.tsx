import { Box, Group, Loader, Paper, Text } from '@mantine/core';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { memo } from 'react';
import type { EditorNode, PortView } from './graph-flow';

const HANDLE_SIZE = 11;

function handleStyle(port: PortView, side: 'input' | 'output') {
  const color = side === 'input' ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-blue-6)';
  return {
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
    border: `2px solid ${color}`,
    background: port.isConnected ? color : 'var(--mantine-color-body)',
  };
}

/** One port: the handle on the node's edge, its name and data type. */
function PortRow({ nodeId, port, side, isConnectable }: { nodeId: string; port: PortView; side: 'input' | 'output'; isConnectable: boolean }) {
  const isInput = side === 'input';
  return (
    <Box pos="relative" px="sm" py={3} title={port.description}>
      <Handle
        type={isInput ? 'target' : 'source'}
        position={isInput ? Position.Left : Position.Right}
        id={port.name}
        isConnectable={isConnectable}
        aria-label={`${nodeId} ${side} ${port.name} (${port.dataType})`}
        style={handleStyle(port, side)}
      />
      <Group gap={6} justify={isInput ? 'flex-start' : 'flex-end'} wrap="nowrap">
        <Text size="xs" ff="monospace" truncate>
          {port.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {port.dataType}
        </Text>
      </Group>
    </Box>
  );
}

/** A graph node: its label, id and process version, inputs on the left and outputs on the right. */
function WorkflowNodeViewBase({ data, selected, isConnectable }: NodeProps<EditorNode>) {
  const borderColor = data.hasProblem ? 'var(--mantine-color-red-6)' : selected ? 'var(--mantine-color-blue-6)' : undefined;
  return (
    <Paper withBorder shadow={selected ? 'md' : 'xs'} radius="md" w={260} py={6} style={borderColor ? { borderColor, borderWidth: 2 } : undefined}>
      <Box px="sm" pb={4}>
        <Group gap={4} wrap="nowrap">
          {data.hasProblem && <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-label="Has problems" />}
          <Text fw={600} size="sm" truncate>
            {data.title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" truncate>
          {data.subtitle}
        </Text>
      </Box>
      {data.status === 'loading' && (
        <Group gap={6} px="sm">
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            Loading ports…
          </Text>
        </Group>
      )}
      {data.status === 'missing' && (
        <Text size="xs" c="red" px="sm">
          Process version not found, not released or not visible to you
        </Text>
      )}
      {data.inputs.map((port) => (
        <PortRow key={`in-${port.name}`} nodeId={data.nodeId} port={port} side="input" isConnectable={isConnectable} />
      ))}
      {data.outputs.map((port) => (
        <PortRow key={`out-${port.name}`} nodeId={data.nodeId} port={port} side="output" isConnectable={isConnectable} />
      ))}
    </Paper>
  );
}

export const WorkflowNodeView = memo(WorkflowNodeViewBase);
