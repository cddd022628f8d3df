import { Anchor, Badge, Text } from '@mantine/core';
import type { ProcessAttributes } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { FILTER_PRESETS, NAME_AND_SLUG_FIELDS, workspacesColumn, type CreateConfig, type FilterPreset, type ResourceColumn } from '../../../ui/resource-list';

export const PROCESS_ARCHIVE_TEXT = 'The process versions will be hidden in the workflow editor';

/** Spec 2 process list filters; the type presets replace each other (both set `type`). */
export const PROCESS_PRESETS: FilterPreset[] = [
  FILTER_PRESETS.ownedByMe,
  FILTER_PRESETS.inMyWorkspace,
  { label: 'User processes', text: 'type:wps' },
  { label: 'Snippets', text: 'type:python' },
  FILTER_PRESETS.archivedOnly,
  FILTER_PRESETS.hideArchived,
];

/** 'User processes (WPS, default)' and 'Hide archived (default)' apply together. */
export const PROCESS_DEFAULT_FILTER = 'type:wps isArchived:false';

export const NEW_PROCESS: CreateConfig = {
  buttonLabel: 'New process',
  fields: NAME_AND_SLUG_FIELDS,
  pathOf: (item) => routePath('process', { id: item.id }),
};

const TYPE_LABELS: Record<ProcessAttributes['type'], string> = { wps: 'User process', python: 'Snippet' };

export const PROCESS_COLUMNS: ResourceColumn<ProcessAttributes>[] = [
  {
    key: 'label',
    header: 'Process',
    sortField: 'label',
    render: (row) => (
      <Anchor component={Link} to={routePath('process', { id: row.id })} size="sm" fw={500}>
        {row.attributes.label}
      </Anchor>
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
  {
    key: 'type',
    header: 'Type',
    render: (row) => (
      <Badge variant="light" color={row.attributes.type === 'python' ? 'grape' : 'blue'} size="sm" tt="none">
        {TYPE_LABELS[row.attributes.type] ?? row.attributes.type}
      </Badge>
    ),
  },
  workspacesColumn<ProcessAttributes>(),
  { key: 'createdAt', header: 'Created', sortField: 'createdAt', noWrap: true, render: (row) => formatDateTime(row.attributes.createdAt) },
];
