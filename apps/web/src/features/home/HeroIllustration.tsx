import { taskStateText } from '@asb/contracts';
import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconHierarchy3 } from '@tabler/icons-react';

/** Task state colours of spec 1 §4: success dark green, running light green, pending grey. */
const TASKS = [
  { name: 'Search Sentinel-2 products', state: 'success', color: 'green.9' },
  { name: 'Cloud mask', state: 'success', color: 'green.9' },
  { name: 'NDVI composite', state: 'running', color: 'lime.5' },
  { name: 'Export Cloud-Optimised GeoTIFF', state: 'pending', color: 'gray.5' },
];

/** A decorative execution card: what following a run in the portal looks like. */
export function HeroIllustration() {
  return (
    <Paper radius="lg" p="lg" shadow="xl" aria-hidden style={{ background: 'rgba(255, 255, 255, 0.96)', transform: 'rotate(-1.5deg)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconHierarchy3 size={18} color="var(--mantine-color-indigo-6)" />
          <Text fw={700} size="sm" c="dark">
            vegetation-monitoring
          </Text>
        </Group>
        <Badge color="blue" variant="light">
          64%
        </Badge>
      </Group>
      <Progress value={64} mt="sm" size="sm" animated />
      <Stack gap={10} mt="md">
        {TASKS.map((task) => (
          <Group key={task.name} justify="space-between" wrap="nowrap" gap="md">
            <Group gap="xs" wrap="nowrap">
              <Badge circle size="xs" color={task.color} />
              <Text size="sm" c="dark.6">
                {task.name}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {taskStateText(task.state)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
