import { Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ProcessAttributes, ResourceObject } from '@asb/contracts';
import { IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ShareDialog } from '../../../ui/ShareDialog';
import { WorkspaceBadges } from '../../../ui/WorkspaceBadges';
import { PROCESSES_KEY } from '../api/keys';
import { processSource } from '../api/processes';

/** Title 'owner / label', the identifier, sharing, workspaces and the description. */
export function ProcessHeader({ process }: { process: ResourceObject<ProcessAttributes> }) {
  const queryClient = useQueryClient();
  const [isSharing, setIsSharing] = useState(false);
  const { attributes: a } = process;
  const canShare = a.permissions.change && a.permissions.share;

  const share = async (workspaceIds: string[]) => {
    await processSource.share!(process.id, workspaceIds);
    await queryClient.invalidateQueries({ queryKey: PROCESSES_KEY });
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} size="h2">
            {a.ownerId} / {a.label}
          </Title>
          <Text c="dimmed" ff="monospace" size="sm">
            {a.identifier}
          </Text>
        </div>
        {a.permissions.change && (
          <Tooltip label="Sharing is disabled for archived processes" disabled={!a.isArchived} withArrow>
            {/* a disabled button gets no pointer events, so the tooltip sits on a wrapper */}
            <span>
              <Button variant="default" leftSection={<IconShare size={16} />} disabled={a.isArchived || !canShare} onClick={() => setIsSharing(true)}>
                Share
              </Button>
            </span>
          </Tooltip>
        )}
      </Group>
      <WorkspaceBadges workspaces={a.workspaces} />
      <Text c={a.description ? undefined : 'dimmed'} fs={a.description ? undefined : 'italic'} style={{ whiteSpace: 'pre-wrap' }}>
        {a.description || 'No description'}
      </Text>
      <ShareDialog
        isOpened={isSharing}
        title="Share process"
        initialIds={Object.keys(a.workspaces)}
        onShare={share}
        onClose={() => setIsSharing(false)}
      />
    </Stack>
  );
}
