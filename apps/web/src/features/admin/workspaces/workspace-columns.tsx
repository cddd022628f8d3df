import { Text } from '@mantine/core';
import type { BaseAttributes } from '@asb/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { workspacesColumn, type ResourceColumn } from '../../../ui/resource-list';

export const WORKSPACE_COLUMNS: ResourceColumn<BaseAttributes>[] = [
  {
    key: 'identifier',
    header: 'Identifier',
    sortField: 'identifier',
    noWrap: true,
    render: (row) => (
      <Text size="sm" fw={500} inherit>
        {row.attributes.identifier}
      </Text>
    ),
  },
  { key: 'label', header: 'Label', sortField: 'label', render: (row) => row.attributes.label },
  { key: 'ownerId', header: 'Owner', sortField: 'ownerId', render: (row) => row.attributes.ownerId },
  { key: 'createdAt', header: 'Created', sortField: 'createdAt', noWrap: true, render: (row) => formatDateTime(row.attributes.createdAt) },
  { ...workspacesColumn<BaseAttributes>(), header: 'Shared with' },
];
