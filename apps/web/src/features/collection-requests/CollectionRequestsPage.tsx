import { Anchor, Button, Container, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { routePath } from '../../app/routes';
import { formatDateTime } from '../../ui/formatDateTime';
import { FILTER_PRESETS, ResourceList, type ListRow, type ResourceColumn } from '../../ui/resource-list';
import { StatusBadge } from '../../ui/StatusBadge';
import { COLLECTION_REQUESTS_KEY, collectionRequestSource, type CollectionRequestAttributes } from './api';

type Row = ListRow<CollectionRequestAttributes>;

const COLUMNS: ResourceColumn<CollectionRequestAttributes>[] = [
  {
    key: 'title',
    header: 'Collection',
    sortField: 'label',
    render: (row: Row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={routePath('mepCollection', { id: row.id })} size="sm" fw={500}>
          {row.attributes.title}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.attributes.identifier}
        </Text>
      </Stack>
    ),
  },
  { key: 'owner', header: 'Requested', render: (row: Row) => <Text size="sm">request by {row.attributes.ownerId}</Text> },
  { key: 'createdAt', header: 'Created', sortField: 'createdAt', noWrap: true, render: (row: Row) => formatDateTime(row.attributes.createdAt) },
  { key: 'status', header: 'Status', sortField: 'status', noWrap: true, render: (row: Row) => <StatusBadge status={row.attributes.status} /> },
];

/** /mep/collections (spec 3 §2 Collection requests): the requests, newest first, filter Owned by me; statuses change live. */
export function CollectionRequestsPage() {
  const queryClient = useQueryClient();
  useLiveEvent('collectionRequestUpdate', () => void queryClient.invalidateQueries({ queryKey: COLLECTION_REQUESTS_KEY }));
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Collection requests"
        noun={{ name: 'Collection request', plural: 'collection requests' }}
        source={collectionRequestSource}
        columns={COLUMNS}
        filterPresets={[FILTER_PRESETS.ownedByMe]}
        defaultSort="-createdAt"
        rowActions={{ archiveText: '' }}
        headerExtras={
          <Button component={Link} to={routePath('mepCollectionNew')} leftSection={<IconPlus size={16} />}>
            Request a collection
          </Button>
        }
      />
    </Container>
  );
}
