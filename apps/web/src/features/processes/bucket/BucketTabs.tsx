import { Tabs } from '@mantine/core';
import type { ProcessBucketAttributes, ResourceObject } from '@asb/contracts';
import { IconBrandDocker, IconFiles, IconHammer, IconListDetails } from '@tabler/icons-react';
import { useDeveloperMode } from '../../../app/settings/useDeveloperMode';
import type { StreamTarget } from '../../../app/live/useRetryingStream';
import type { BuildLabels } from './build/BuildControls';
import { BuildTab } from './build/BuildTab';
import { DockerfileTab } from './DockerfileTab';
import { FilesTab } from './files/FilesTab';
import { PropertiesTab } from './properties/PropertiesTab';

export interface BucketTabsProps {
  bucket: ResourceObject<ProcessBucketAttributes>;
  /** uploads, deletes, resources and builds; false for archived processes and read-only roles */
  canModify: boolean;
  transport: StreamTarget['transport'];
  labels: BuildLabels;
}

/**
 * Files, Properties, Dockerfile (developer mode only) and Build of an
 * unreleased version. Panels stay mounted, so a build keeps streaming while
 * another tab is open.
 */
export function BucketTabs({ bucket, canModify, transport, labels }: BucketTabsProps) {
  const isDeveloper = useDeveloperMode();
  return (
    <Tabs defaultValue="files" keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
          Files
        </Tabs.Tab>
        <Tabs.Tab value="properties" leftSection={<IconListDetails size={16} />}>
          Properties
        </Tabs.Tab>
        {isDeveloper && (
          <Tabs.Tab value="dockerfile" leftSection={<IconBrandDocker size={16} />}>
            Dockerfile
          </Tabs.Tab>
        )}
        <Tabs.Tab value="build" leftSection={<IconHammer size={16} />}>
          Build
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="files">
        <FilesTab bucketId={bucket.id} canModify={canModify} />
      </Tabs.Panel>
      <Tabs.Panel value="properties">
        <PropertiesTab bucket={bucket} canModify={canModify} />
      </Tabs.Panel>
      {isDeveloper && (
        <Tabs.Panel value="dockerfile">
          <DockerfileTab bucketId={bucket.id} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="build">
        <BuildTab key={bucket.id} bucket={bucket} canModify={canModify} transport={transport} labels={labels} />
      </Tabs.Panel>
    </Tabs>
  );
}
