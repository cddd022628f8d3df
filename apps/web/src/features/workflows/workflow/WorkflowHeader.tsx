import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { routePath } from '../../../app/routes';
import { ResourceTitle } from '../../../ui/ResourceTitle';
import { ShareResourceButton } from '../../../ui/ShareResourceButton';
import { WorkspaceBadges } from '../../../ui/WorkspaceBadges';
import { WORKFLOWS_KEY } from '../api/keys';
import { workflowSource, type Workflow } from '../api/workflows';
import { PublicationControl } from './PublicationControl';

const PUBLISHING_FEATURE = 'workflow-publishing';
const SHARE_DISABLED_TEXT = 'Sharing is disabled for archived workflows';

/** Spec 1 §6: the owner (username equals ownerId) or a superuser may publish, with the workflow-publishing flag. */
function canPublish(auth: { user: { username: string } | null; isSuperuser: boolean; hasFeature(feature: string): boolean }, ownerId: string): boolean {
  if (!auth.hasFeature(PUBLISHING_FEATURE) || !auth.user) return false;
  return auth.isSuperuser || auth.user.username === ownerId;
}

/** Title 'owner / label', the identifier, and the page's actions (spec 1 §2 Workflow page). */
export function WorkflowHeader({ workflow }: { workflow: Workflow }) {
  const auth = useAuth();
  const { attributes: a } = workflow;

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="md">
        <ResourceTitle ownerId={a.ownerId} label={a.label} identifier={a.identifier} />
        <Group gap="sm">
          <ShareResourceButton
            resource={workflow}
            label="Share this workflow"
            title="Share workflow"
            archivedText={SHARE_DISABLED_TEXT}
            share={(id, workspaceIds) => workflowSource.share!(id, workspaceIds)}
            queryKey={WORKFLOWS_KEY}
          />
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
    </Stack>
  );
}
