import { Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import type { ProcessAttributes, ResourceObject } from '@asb/contracts';
import { IconWand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { useReportError } from '../../../app/api/use-report-error';
import { useReleasedVersions, useUnreleasedVersions } from '../api/versions';
import { BucketTabs } from '../bucket/BucketTabs';
import { PANEL_LABELS } from '../bucket/build/BuildControls';
import { NewVersionButton } from './NewVersionButton';
import { ReleasedVersionView } from './ReleasedVersionView';
import { useVersionSelection } from './use-version-selection';
import { VersionLinks } from './VersionLinks';
import { VersionSwitcher } from './VersionSwitcher';

/** The version switcher and what the selected version shows: resources (released) or its bucket (unreleased). */
export function VersionsSection({ process }: { process: ResourceObject<ProcessAttributes> }) {
  const released = useReleasedVersions(process.id);
  const unreleased = useUnreleasedVersions(process.id);
  useReportError(released.error, released.errorUpdatedAt, 'knowledge');
  useReportError(unreleased.error, unreleased.errorUpdatedAt, 'knowledge');
  const { selection, select } = useVersionSelection(released.data ?? [], unreleased.data ?? [], released.isSuccess && unreleased.isSuccess);
  const { permissions, isArchived, identifier } = process.attributes;
  // spec 2 §4: archived processes are read-only
  const canModify = permissions.change && !isArchived;
  const isLoading = released.isPending || unreleased.isPending;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" gap="md">
          <Group gap="lg">
            {isLoading ? (
              <Skeleton height={36} width={260} />
            ) : (
              <VersionSwitcher released={released.data ?? []} unreleased={unreleased.data ?? []} selection={selection} onSelect={select} />
            )}
            <VersionLinks identifier={identifier} />
          </Group>
          <Group gap="sm">
            <Button component={Link} to={routePath('wrapperGenerator')} variant="default" leftSection={<IconWand size={16} />}>
              New wrapper
            </Button>
            {canModify && <NewVersionButton processId={process.id} onCreated={(bucketId) => select(`unreleased:${bucketId}`)} />}
          </Group>
        </Group>
      </Card>
      {selection?.kind === 'released' && <ReleasedVersionView version={selection.version} />}
      {selection?.kind === 'unreleased' && (
        <Card withBorder radius="md" padding="lg">
          <BucketTabs key={selection.bucket.id} bucket={selection.bucket} canModify={canModify} transport="sse" labels={PANEL_LABELS} />
        </Card>
      )}
    </Stack>
  );
}
