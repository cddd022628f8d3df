import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { FILTER_PRESETS, workspacesColumn, type CreateConfig, type ListRow, type ResourceColumn } from '../../../ui/resource-list';
import type { CatalogueCollectionAttributes } from '../api/collections';
import { countOf } from '../../../ui/plural';

type Row = ListRow<CatalogueCollectionAttributes>;

/** Spec 3 Catalogue collection list filters. */
export const COLLECTION_PRESETS = [FILTER_PRESETS.ownedByMe, FILTER_PRESETS.inMyWorkspace];

export const applicationCount = (count: number) => countOf(count, 'application');

/** The create form: Name and Description; the identifier `{owner}:{slug of the name}` is the server's. */
export const COLLECTION_CREATE: CreateConfig = {
  buttonLabel: 'New collection',
  title: 'New catalogue collection',
  fields: [
    { name: 'verboseName', label: 'Name', isRequired: true, description: 'The identifier is your username and a slug of the name' },
    { name: 'abstract', label: 'Description' },
  ],
  successMessage: (item) => `Catalogue collection ${item.identifier ?? item.id} successfully created`,
  pathOf: (item) => routePath('catalogueCollection', { id: item.id }),
};

export const COLLECTION_COLUMNS: ResourceColumn<CatalogueCollectionAttributes>[] = [
  {
    key: 'name',
    // the server sorts by owner, then identifier (spec 3), and takes no other order
    header: 'Owner / Name',
    render: (row: Row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={routePath('catalogueCollection', { id: row.id })} size="sm" fw={500}>
          {row.attributes.ownerId} / {row.attributes.verboseName || row.attributes.identifier}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.attributes.identifier}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'abstract',
    header: 'Description',
    render: (row: Row) => (
      <Text size="sm" lineClamp={2}>
        {row.attributes.abstract}
      </Text>
    ),
  },
  { key: 'applications', header: 'Applications', noWrap: true, render: (row: Row) => applicationCount(row.attributes.applications) },
  workspacesColumn<CatalogueCollectionAttributes>(),
  {
    key: 'visibility',
    header: 'Visibility',
    noWrap: true,
    render: (row: Row) => (
      <Badge variant="light" color={row.attributes.isPublic ? 'teal' : 'gray'} tt="none">
        {row.attributes.isPublic ? 'public' : 'private'}
      </Badge>
    ),
  },
];
