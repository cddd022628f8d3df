import { Stack, Text, Title } from '@mantine/core';
import { LaterReleaseNotice } from './LaterReleaseNotice';

/** Administration > ADES Instances: the registry of remote OGC API - Processes servers. */
export function AdesPage() {
  return (
    <Stack gap="md">
      <Title order={2}>ADES Instances</Title>
      <LaterReleaseNotice>
        The ADES registry comes with a later release. Here administrators will register, list, refresh and delete the OGC API - Processes servers (ADES
        instances) that run workflows remotely.
      </LaterReleaseNotice>
      <Text size="sm" c="dimmed">
        Until then workflows run on this instance's own executors.
      </Text>
    </Stack>
  );
}
