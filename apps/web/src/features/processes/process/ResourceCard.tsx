import { Card, Text, Title } from '@mantine/core';
import type { ProcessImageAttributes } from '@asb/contracts';
import { KeyValueList } from '../../../ui/KeyValueList';

/** Allocated resources of a released version (resmgr process image), RAM and disk in MB. */
export function ResourceCard({ image }: { image: ProcessImageAttributes | null }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb="sm">
        Allocated resources
      </Title>
      {image ? (
        <KeyValueList
          labelWidth={120}
          rows={[
            ['CPUs', image.allocatedCpus],
            ['RAM', `${image.allocatedMem} MB`],
            ['Disk', `${image.allocatedDisk} MB`],
            ['GPUs', image.allocatedGpus === 0 ? 'No GPU' : image.allocatedGpus],
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          No resources are allocated to this version.
        </Text>
      )}
    </Card>
  );
}
