import { ActionIcon, Alert, Group, Loader, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../ui/formatDateTime';
import { ResourceList, FILTER_PRESETS, type ListRow, type ResourceColumn } from '../../../ui/resource-list';
import { adminSource, useAdminModels, type AdminRow } from '../api/admin';
import { AuditLog } from './AuditLog';
import { EditResourceModal } from './EditResourceModal';

const COLUMNS: ResourceColumn<AdminRow>[] = [
  { key: 'id', header: 'ID', sortField: 'id', noWrap: true, render: (row: ListRow<AdminRow>) => row.id },
  {
    key: 'identifier',
    header: 'Identifier',
    sortField: 'identifier',
    render: (row: ListRow<AdminRow>) => (
      <Text size="sm" ff="monospace">
        {row.attributes.identifier}
      </Text>
    ),
  },
  { key: 'label', header: 'Label', sortField: 'label', render: (row: ListRow<AdminRow>) => row.attributes.label },
  { key: 'ownerId', header: 'Owner', sortField: 'ownerId', render: (row: ListRow<AdminRow>) => row.attributes.ownerId },
  { key: 'isArchived', header: 'Archived', render: (row: ListRow<AdminRow>) => (row.attributes.isArchived ? 'yes' : 'no') },
  { key: 'updatedAt', header: 'Updated', sortField: 'updatedAt', noWrap: true, render: (row: ListRow<AdminRow>) => formatDateTime(row.attributes.updatedAt) },
];

/** What an execution runs: the admin lists every kind (workflow, application, model), not only the workflows of /monitoring (docs/admin.md). */
const KIND_COLUMN: ResourceColumn<AdminRow> = {
  key: 'kind',
  header: 'Kind',
  noWrap: true,
  render: (row: ListRow<AdminRow>) => (typeof row.attributes.kind === 'string' ? row.attributes.kind : ''),
};
const columnsOf = (type: string) => (type === 'executions' ? [...COLUMNS.slice(0, 2), KIND_COLUMN, ...COLUMNS.slice(2)] : COLUMNS);

/**
 * One service's admin (docs/admin.md): a list for each of its resource types, generated from
 * the server's resource definitions: every user's rows with the type's search, filters, sorting
 * and pages; edit (the type's validation) and delete with confirmation; the audit log below.
 */
export function ServiceAdmin({ service }: { service: string }) {
  const models = useAdminModels();
  const types = (models.data ?? []).filter((model) => model.service === service);
  const [chosen, setChosen] = useState<string>();
  const [editing, setEditing] = useState<ListRow<AdminRow> | null>(null);
  if (models.isPending) return <Loader size="sm" />;
  if (models.isError) return <Alert color="red">Something went wrong while fetching the admin’s resource types</Alert>;
  if (types.length === 0)
    return (
      <Stack>
        <Text c="dimmed">This service has no resource types of its own to administer.</Text>
        <AuditLog service={service} />
      </Stack>
    );
  const type = types.find((model) => model.type === chosen)?.type ?? types[0]!.type;
  return (
    <Stack gap="lg">
      <Group>
        <Text fw={500}>Resource type</Text>
        <SegmentedControl data={types.map((model) => ({ value: model.type, label: model.type }))} value={type} onChange={setChosen} />
      </Group>
      <ResourceList<AdminRow>
        key={type}
        title={type}
        noun={{ name: types.find((model) => model.type === type)!.name, plural: type }}
        source={adminSource(type)}
        columns={columnsOf(type)}
        defaultSort="-id"
        filterPresets={[FILTER_PRESETS.archivedOnly, FILTER_PRESETS.hideArchived]}
        rowActions={{ archiveText: '' }}
        renderRowExtras={(row) => (
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="light" aria-label={`Edit ${type} ${row.id}`} onClick={() => setEditing(row)}>
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      {editing && <EditResourceModal type={type} row={editing} onClose={() => setEditing(null)} />}
      <AuditLog service={service} />
    </Stack>
  );
}
