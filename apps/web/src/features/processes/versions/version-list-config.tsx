import { Anchor, Text } from '@mantine/core';
import {
  BUILD_STATUS_TEXT,
  type ProcessBucketAttributes,
  type ProcessVersionAttributes,
  type processBucketsContract,
  type processVersionsContract,
} from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { FILTER_PRESETS, jsonApiSource, type FilterPreset, type ListSource, type ResourceColumn } from '../../../ui/resource-list';
import { KNOWLEDGE } from '../api/keys';
import { ReleaseBadge } from '../process/VersionSwitcher';

export const RELEASED_ARCHIVE_TEXT = 'The process version will be hidden in the workflow editor and in the process page.';
export const UNRELEASED_ARCHIVE_TEXT = 'The unreleased version will be hidden in the process page.';

export const VERSION_PRESETS: FilterPreset[] = [
  FILTER_PRESETS.ownedByMe,
  FILTER_PRESETS.inMyWorkspace,
  FILTER_PRESETS.archivedOnly,
  FILTER_PRESETS.hideArchived,
];

/** The list opens on ?f= (the process page links with f=process__identifier:{identifier}), hiding archived rows. */
export function versionListFilter(f: string | null): string {
  return [f?.trim(), FILTER_PRESETS.hideArchived.text].filter(Boolean).join(' ');
}

/**
 * Versions are only archived from these lists: who sees a version follows its
 * process (shared with the process), and a released version stays for the
 * executions that used it, so neither share nor delete is offered.
 */
function archiveOnly<A extends object>(source: ListSource<A>): ListSource<A> {
  return { key: source.key, list: source.list, setArchived: source.setArchived };
}

export const releasedSource = archiveOnly(jsonApiSource<typeof processVersionsContract>(KNOWLEDGE, 'process-versions'));

const bucketsBase = jsonApiSource<typeof processBucketsContract>(KNOWLEDGE, 'process-buckets');

/** Unreleased versions only: a released bucket is listed as its released version instead. */
export const unreleasedSource: ListSource<ProcessBucketAttributes> = archiveOnly({
  ...bucketsBase,
  list: (params, signal) => bucketsBase.list({ ...params, filters: { ...params.filters, released: 'false' } }, signal),
});

const createdColumn = <A extends { createdAt: string }>(): ResourceColumn<A> => ({
  key: 'createdAt',
  header: 'Created',
  sortField: 'createdAt',
  noWrap: true,
  render: (row) => formatDateTime(row.attributes.createdAt),
});

export const RELEASED_COLUMNS: ResourceColumn<ProcessVersionAttributes>[] = [
  {
    key: 'process',
    header: 'Process',
    render: (row) => (
      <Anchor component={Link} to={`${routePath('process', { id: row.attributes.processId })}?version=${encodeURIComponent(row.id)}`} size="sm" fw={500}>
        {row.attributes.processOwnerId} / {row.attributes.processLabel}
      </Anchor>
    ),
  },
  { key: 'value', header: 'Version', render: (row) => row.attributes.value },
  { key: 'released', header: 'State', render: () => <ReleaseBadge isReleased /> },
  {
    key: 'files',
    header: 'Files',
    render: (row) =>
      row.attributes.bucketId && (
        <Anchor
          component={Link}
          to={routePath('bucket', { id: row.attributes.bucketId })}
          size="sm"
          aria-label={`Files and build log of ${row.attributes.identifier}`}
        >
          Files and build log
        </Anchor>
      ),
  },
  createdColumn<ProcessVersionAttributes>(),
];

export const UNRELEASED_COLUMNS: ResourceColumn<ProcessBucketAttributes>[] = [
  {
    key: 'process',
    header: 'Process',
    render: (row) => (
      <Anchor component={Link} to={routePath('bucket', { id: row.id })} size="sm" fw={500}>
        {row.attributes.ownerId} / {row.attributes.processLabel}
      </Anchor>
    ),
  },
  { key: 'value', header: 'Version', render: (row) => row.attributes.value },
  { key: 'released', header: 'State', render: () => <ReleaseBadge isReleased={false} /> },
  {
    key: 'build',
    header: 'Build',
    render: (row) => (
      <Text size="sm" c="dimmed" inherit>
        {BUILD_STATUS_TEXT[row.attributes.buildStatus] ?? row.attributes.buildStatus}
      </Text>
    ),
  },
  createdColumn<ProcessBucketAttributes>(),
];
