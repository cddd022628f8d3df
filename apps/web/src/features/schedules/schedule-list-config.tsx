import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { SCHEDULE_ARCHIVE_TEXT, scheduleDescription, scheduleStatusLabel, type ScheduleAttributes } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { formatDateTime } from '../../ui/formatDateTime';
import { FILTER_PRESETS, workspacesColumn, type FilterPreset, type ResourceColumn } from '../../ui/resource-list';

export { SCHEDULE_ARCHIVE_TEXT };

/** Spec 3 Schedules list filters: Show archived only, Hide archived (the default). */
export const SCHEDULE_PRESETS: FilterPreset[] = [
  FILTER_PRESETS.ownedByMe,
  FILTER_PRESETS.inMyWorkspace,
  FILTER_PRESETS.archivedOnly,
  FILTER_PRESETS.hideArchived,
];
export const SCHEDULE_DEFAULT_FILTER = FILTER_PRESETS.hideArchived.text;

/** Spec 3 status badge: Enabled or Disabled. */
export function ScheduleStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'enabled' ? 'green' : 'gray'} variant="light" tt="none" data-schedule-status={status}>
      {scheduleStatusLabel(status)}
    </Badge>
  );
}

/** Spec 3 Schedules list columns: Owner / Title, Workflow, Created at, Description (by strategy), Status. */
export const SCHEDULE_COLUMNS: ResourceColumn<ScheduleAttributes>[] = [
  {
    key: 'title',
    header: 'Owner / Title',
    sortField: 'title',
    render: (row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={routePath('schedule', { id: row.id })} size="sm" fw={500}>
          {row.attributes.ownerId} / {row.attributes.title}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.attributes.identifier}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'workflow',
    header: 'Workflow',
    render: (row) => (
      <Anchor component={Link} to={routePath('workflow', { id: row.attributes.processorId })} size="sm">
        {row.attributes.processorLabel || row.attributes.processorIdentifier}
      </Anchor>
    ),
  },
  { key: 'createdAt', header: 'Created at', sortField: 'createdAt', noWrap: true, render: (row) => formatDateTime(row.attributes.createdAt) },
  { key: 'description', header: 'Description', render: (row) => <Text size="sm">{scheduleDescription(row.attributes)}</Text> },
  workspacesColumn<ScheduleAttributes>(),
  { key: 'status', header: 'Status', sortField: 'status', noWrap: true, render: (row) => <ScheduleStatusBadge status={row.attributes.status} /> },
];
