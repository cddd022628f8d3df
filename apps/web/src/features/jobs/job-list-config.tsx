import { Anchor, Stack, Text } from '@mantine/core';
import type { jobsContract, TaskListAttributes } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { formatDateTime } from '../../ui/formatDateTime';
import { FILTER_PRESETS, jsonApiSource, type FilterPreset, type ListSource, type ResourceColumn } from '../../ui/resource-list';
import { StatusBadge } from '../../ui/StatusBadge';

const TASKMGR = '/taskmgr/v1';

/** Spec 3 Jobs: GET taskmgr/v1/jobs with the generic list parameters. Read-only: only `list`. */
const { key, list } = jsonApiSource<typeof jobsContract>(TASKMGR, 'jobs');
export const jobSource: ListSource<TaskListAttributes> = { key, list };

/** Spec 3 Jobs filters: Owned by me, In my workspace. */
export const JOB_PRESETS: FilterPreset[] = [FILTER_PRESETS.ownedByMe, FILTER_PRESETS.inMyWorkspace];

export const JOB_DEFAULT_SORT = '-createdAt';

/** Seconds as the Jobs list shows them: a tenth below a minute, then minutes and seconds; 'n/a' while unknown. */
export function executionTimeText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'n/a';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return `${minutes} min ${rest} s`;
}

/** Each row: status badge with progress, identifier (to the execution report), execution time, owner (spec 3 Jobs). */
export const JOB_COLUMNS: ResourceColumn<TaskListAttributes>[] = [
  {
    key: 'status',
    header: 'Status',
    sortField: 'state',
    width: 120,
    render: (row) => <StatusBadge status={row.attributes.status} progress={row.attributes.progress} />,
  },
  {
    key: 'identifier',
    header: 'Identifier',
    sortField: 'identifier',
    render: (row) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={routePath('executionReport', { id: row.attributes.executionId })}
          size="sm"
          ff="monospace"
          style={{ wordBreak: 'break-all' }}
        >
          {row.attributes.identifier}
        </Anchor>
        {row.attributes.label && (
          <Text size="xs" c="dimmed">
            {row.attributes.label}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'executionTime', header: 'Execution time', noWrap: true, render: (row) => executionTimeText(row.attributes.executionTime) },
  { key: 'ownerId', header: 'Owner', sortField: 'ownerId', render: (row) => row.attributes.ownerId },
  { key: 'createdAt', header: 'Created', sortField: 'createdAt', noWrap: true, render: (row) => formatDateTime(row.attributes.createdAt) },
];
