import { Group, Stack, Text } from '@mantine/core';
import type { ProcessAttributes, ResourceObject } from '@asb/contracts';
import { ResourceTitle } from '../../../ui/ResourceTitle';
import { ShareResourceButton } from '../../../ui/ShareResourceButton';
import { WorkspaceBadges } from '../../../ui/WorkspaceBadges';
import { PROCESSES_KEY } from '../api/keys';
import { processSource } from '../api/processes';

/** Title 'owner / label', the identifier, sharing, workspaces and the description. */
export function ProcessHeader({ process }: { process: ResourceObject<ProcessAttributes> }) {
  const { attributes: a } = process;

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ResourceTitle ownerId={a.ownerId} label={a.label} identifier={a.identifier} />
        <ShareResourceButton
          resource={process}
          label="Share"
          title="Share process"
          archivedText="Sharing is disabled for archived processes"
          share={(id, workspaceIds) => processSource.share!(id, workspaceIds)}
          queryKey={PROCESSES_KEY}
        />
      </Group>
      <WorkspaceBadges workspaces={a.workspaces} />
      <Text c={a.description ? undefined : 'dimmed'} fs={a.description ? undefined : 'italic'} style={{ whiteSpace: 'pre-wrap' }}>
        {a.description || 'No description'}
      </Text>
    </Stack>
  );
}
