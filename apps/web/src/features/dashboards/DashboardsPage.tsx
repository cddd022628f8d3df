import { dashboardCreatedNotice, DEFAULT_DASHBOARD, NOTIFY_MS } from '@asb/contracts';
import { Anchor, Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { formatDateTime } from '../../ui/formatDateTime';
import { FILTER_PRESETS, ResourceList, type CreateConfig, type ListRow, type ResourceColumn } from '../../ui/resource-list';
import { dashboardSource, type DashboardAttributes } from './api';
import { countOf } from '../../ui/plural';

type Row = ListRow<DashboardAttributes>;

const COLUMNS: ResourceColumn<DashboardAttributes>[] = [
  {
    key: 'verboseName',
    header: 'Dashboard',
    sortField: 'verboseName',
    render: (row: Row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={routePath('dashboard', { id: row.id })} size="sm" fw={500}>
          {row.attributes.verboseName}
        </Anchor>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {row.attributes.description}
        </Text>
      </Stack>
    ),
  },
  { key: 'owner', header: 'Owner', sortField: 'ownerId', render: (row: Row) => <Text size="sm">{row.attributes.ownerId}</Text> },
  {
    key: 'flags',
    header: '',
    render: (row: Row) => (
      <Group gap={4}>
        {row.attributes.isSystem && <Badge variant="light">System</Badge>}
        {row.attributes.isPublic && (
          <Badge variant="light" color="teal">
            Public
          </Badge>
        )}
        <Badge variant="outline" color="gray">
          {countOf(row.attributes.components.length, 'component')}
        </Badge>
      </Group>
    ),
  },
  { key: 'updatedAt', header: 'Updated', sortField: 'updatedAt', noWrap: true, render: (row: Row) => formatDateTime(row.attributes.updatedAt) },
];

/** Spec 2 §5: verboseName and description, the slug derived; 'Dashboard {name} successfully created' for 5 s. */
const CREATE: CreateConfig = {
  buttonLabel: 'New dashboard',
  fields: [
    { name: 'verboseName', label: 'Name', isRequired: true },
    { name: 'description', label: 'Description' },
  ],
  successMessage: (_item, values) => dashboardCreatedNotice(values.verboseName ?? ''),
  successAutoClose: NOTIFY_MS.success,
};

/**
 * /dashboards (spec 2 §2 Dashboards): the dashboards the user may see, with the filters of spec 2
 * (owner, workspace, public, system, archived; archived hidden by default), paged, a create form
 * and a link to each.
 */
export function DashboardsPage() {
  return (
    <Container size="xl" py="xl">
      <ResourceList
        title="Dashboards"
        noun={{ name: 'Dashboard', plural: 'dashboards' }}
        source={dashboardSource}
        columns={COLUMNS}
        filterPresets={[
          FILTER_PRESETS.ownedByMe,
          FILTER_PRESETS.inMyWorkspace,
          { label: 'Public', text: 'isPublic:true' },
          { label: 'System', text: 'isSystem:true' },
          FILTER_PRESETS.hideArchived,
          FILTER_PRESETS.archivedOnly,
        ]}
        defaultFilter="isArchived:false"
        defaultSort="-createdAt"
        create={CREATE}
        rowActions={{ archiveText: 'Archived dashboards are hidden from the list by default; they can be unarchived.' }}
        headerExtras={
          <Button component={Link} to={routePath('dashboard', { id: DEFAULT_DASHBOARD })} variant="light" leftSection={<IconLayoutDashboard size={16} />}>
            Home dashboard
          </Button>
        }
      />
    </Container>
  );
}
