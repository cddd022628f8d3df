import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { WorkflowAttributes } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { FILTER_PRESETS, NAME_AND_SLUG_FIELDS, workspacesColumn, type CreateConfig, type FilterPreset, type ResourceColumn } from '../../../ui/resource-list';

/** Spec 1 §9 archive text for workflows. */
export const WORKFLOW_ARCHIVE_TEXT = 'The workflow will be hidden from the workflow listing only. Executions associated to this workflow are still accessible.';

/** Spec 1 §9 workflow list filters: Owned by me, In my workspace, Show archived only, Hide archived (default). */
export const WORKFLOW_PRESETS: FilterPreset[] = [
  FILTER_PRESETS.ownedByMe,
  FILTER_PRESETS.inMyWorkspace,
  FILTER_PRESETS.archivedOnly,
  FILTER_PRESETS.hideArchived,
];

export const WORKFLOW_DEFAULT_FILTER = FILTER_PRESETS.hideArchived.text;

/** New workflow: a name and the slug derived from it (spec 1 §5); then the new workflow's page. */
export const NEW_WORKFLOW: CreateConfig = {
  buttonLabel: 'New workflow',
  fields: NAME_AND_SLUG_FIELDS,
  pathOf: (item) => routePath('workflow', { id: item.id }),
};

export const WORKFLOW_COLUMNS: ResourceColumn<WorkflowAttributes>[] = [
  {
    key: 'label',
    header: 'Workflow',
    sortField: 'label',
    render: (row) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={routePath('workflow', { id: row.id })} size="sm" fw={500}>
          {row.attributes.label}
        </Anchor>
        {row.attributes.isPublished && (
          <Badge size="xs" variant="light" color="teal">
            Published
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'identifier',
    header: 'Identifier',
    sortField: 'identifier',
    noWrap: true,
    render: (row) => (
      <Text size="sm" ff="monospace" inherit>
        {row.attributes.identifier}
      </Text>
    ),
  },
  { key: 'ownerId', header: 'Owner', sortField: 'ownerId', render: (row) => row.attributes.ownerId },
  workspacesColumn<WorkflowAttributes>(),
  { key: 'version', header: 'Version', sortField: 'version', noWrap: true, render: (row) => row.attributes.version },
  { key: 'createdAt', header: 'Created', sortField: 'createdAt', noWrap: true, render: (row) => formatDateTime(row.attributes.createdAt) },
];
