import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ProcessVersion } from '../api/editor';

function portSummary(ports: { name: string; dataType: string }[]): string {
  return ports.length === 0 ? 'none' : ports.map((port) => `${port.name}: ${port.dataType}`).join(', ');
}

/** A released process version of the palette: a click adds it as a node. */
export function PaletteVersionItem({ version, onAdd }: { version: ProcessVersion; onAdd: (version: ProcessVersion) => void }) {
  const { processLabel, identifier, value, signature } = version.attributes;
  return (
    <UnstyledButton onClick={() => onAdd(version)} aria-label={`Add ${processLabel} version ${value}`} title={`Add ${identifier} to the workflow`}>
      <Paper withBorder radius="sm" p={8}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="sm" fw={600} truncate>
            {processLabel}
          </Text>
          <IconPlus size={14} color="var(--mantine-color-dimmed)" />
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" truncate>
          {identifier}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          in: {portSummary(signature.inputs)}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          out: {portSummary(signature.outputs)}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}
