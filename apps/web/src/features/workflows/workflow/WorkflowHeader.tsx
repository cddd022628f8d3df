import { Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay, IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { ShareDialog } from '../../../ui/ShareDialog';
import { WorkspaceBadges } from '../../../ui/WorkspaceBadges';
import { WORKFLOWS_KEY } from '../api/keys';
import { workflowSource, type Workflow } from '../api/workflows';
import { PublicationControl } from './PublicationControl';

export const PUBLISHING_FEATURE = 'workflow-publishing';
export const SHARE_DISABLED_TEXT = 'Sharing is disabled for archived workflows';

/** Spec 1 §6: the owner (username equals ownerId) or a superuser may publish, with the workflow-publishing flag. */
export function canPublish(auth: { user: { username: string } | null; isSuperuser: boolean; hasFeature(feature: string): boolean }, ownerId: string): boolean {
  if (!auth.hasFeature(PUBLISHING_FEATURE) || !auth.user) return false;
  return auth.isSuperuser || auth.user.username === ownerId;
}

/** Title 'owner / label', the identifier, and the page's actions (spec 1 §2 Workflow page). */
export function WorkflowHeader({ workflow }: { workflow: Workflow }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [isSharing, setIsSharing] = useState(false);
  const { attributes: a } = workflow;
  const canShare = a.permissions.change && a.permissions.share;

  const share = async (workspaceIds: string[]) => {
    await workflowSource.share!(workflow.id, workspaceIds);
    await queryClient.invalidateQueries({ queryKey: WORKFLOWS_KEY });
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} size="h2">
            {a.ownerId} / {a.label}
          </Title>
          <Text c="dimmed" ff="monospace" size="sm">
            {a.identifier}
          </Text>
        </div>
        <Group gap="sm">
          {a.permissions.change && (
            <Tooltip label={SHARE_DISABLED_TEXT} disabled={!a.isArchived} withArrow>
              {/* a disabled button gets no pointer events, so the tooltip sits on a wrapper */}
              <span>
                <Button variant="default" leftSection={<IconShare size={16} />} disabled={a.isArchived || !canShare} onClick={() => setIsSharing(true)}>
                  Share this workflow
                </Button>
              </span>
            </Tooltip>
          )}
          {canPublish(auth, a.ownerId) && <PublicationControl workflow={workflow} />}
          <Button
            component={Link}
            to={routePath('processorEditor', { id: workflow.id })}
            target="_blank"
            rel="noopener"
            variant="default"
            rightSection={<IconExternalLink size={14} />}
          >
            Detached Editor
          </Button>
          {!a.isArchived && (
            <Button component={Link} to={routePath('workflowExecute', { id: workflow.id })} leftSection={<IconPlayerPlay size={16} />}>
              Execute
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs">
        {a.isPublished && (
          <Badge variant="light" color="teal" tt="none">
            Published
          </Badge>
        )}
        {a.dagType === 'dynamic-list-splitter' && (
          <Badge variant="outline" color="grape" tt="none">
            Dynamic list splitter
          </Badge>
        )}
        <WorkspaceBadges workspaces={a.workspaces} />
      </Group>
      {a.shortDescription && <Text size="sm">{a.shortDescription}</Text>}
      <ShareDialog
        isOpened={isSharing}
        title="Share workflow"
        initialIds={Object.keys(a.workspaces)}
        onShare={share}
        onClose={() => setIsSharing(false)}
      />
    </Stack>
  );
}
