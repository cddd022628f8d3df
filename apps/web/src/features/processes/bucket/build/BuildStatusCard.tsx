import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { BuildLog } from './BuildLog';
import { LOST_NOTICE, statusColor, type BuildView } from './build-state';

/** Status text, message and log of the current or last build. */
export function BuildStatusCard({ view }: { view: BuildView }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            Build status
          </Title>
          <Group gap={6} wrap="nowrap" data-testid="build-status">
            {view.isRunning && <Loader size="xs" />}
            <Text fw={600} c={statusColor(view)}>
              {view.statusText}
            </Text>
          </Group>
        </Group>
        {view.message && (
          <Text size="sm" c="dimmed" data-testid="build-message">
            {view.message}
          </Text>
        )}
        {view.isLost && (
          <Alert color="red" variant="light" icon={<IconPlugConnectedX size={18} />}>
            {LOST_NOTICE}
          </Alert>
        )}
        {view.log && <BuildLog log={view.log} />}
      </Stack>
    </Card>
  );
}
