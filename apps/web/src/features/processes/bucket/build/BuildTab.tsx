import { Group, Stack, Text } from '@mantine/core';
import { BUILD_STATUS_TEXT, type ProcessBucketAttributes, type ResourceObject } from '@asb/contracts';
import type { StreamTarget } from '../../../../app/live/useRetryingStream';
import { BuildControls, type BuildLabels } from './BuildControls';
import { BuildStatusCard } from './BuildStatusCard';
import { useBuildStatus } from './use-build-status';

export interface BuildTabProps {
  bucket: ResourceObject<ProcessBucketAttributes>;
  canModify: boolean;
  transport: StreamTarget['transport'];
  labels: BuildLabels;
}

/** Build tab: start a dry run or a release build and follow its live status and log. */
export function BuildTab({ bucket, canModify, transport, labels }: BuildTabProps) {
  const build = useBuildStatus(bucket, transport);
  const hasPassedDryRun = build.view.statusText === BUILD_STATUS_TEXT.succeeded && build.kind === 'dry-run';
  return (
    <Stack gap="md">
      {canModify && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" maw={560}>
            A build checks the files and the wrapper without releasing anything. {labels.release} builds and releases this version.
          </Text>
          <BuildControls
            labels={labels}
            hasPassedDryRun={hasPassedDryRun}
            isBusy={build.isStarting || build.view.isRunning}
            onStart={(kind) => void build.start(kind)}
          />
        </Group>
      )}
      <BuildStatusCard view={build.view} />
    </Stack>
  );
}
