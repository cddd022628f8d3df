import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProcessBucketAttributes, ResourceObject } from '@asb/contracts';
import { KeyValueList } from '../../../../ui/KeyValueList';
import { useBucketProperties } from '../../api/bucket-content';
import { useReportError } from '../../../../app/api/use-report-error';
import { SignatureCard } from '../../process/SignatureCard';
import { ResourcesEditor } from './ResourcesEditor';

/** Properties tab: identification of the version, the detected signature, and the resources editor. */
export function PropertiesTab({ bucket, canModify }: { bucket: ResourceObject<ProcessBucketAttributes>; canModify: boolean }) {
  const properties = useBucketProperties(bucket.id);
  useReportError(properties.error, properties.errorUpdatedAt);
  const identification = properties.data?.identification;
  const signature = properties.data?.wrapper.signature;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb="sm">
          Identification
        </Title>
        {properties.isPending && <Skeleton height={120} />}
        {properties.isError && (
          <Text size="sm" c="red">
            Something went wrong while fetching the properties
          </Text>
        )}
        {identification && (
          <KeyValueList
            labelWidth={140}
            rows={[
              ['Workspace', identification.mission || '—'],
              ['Name', identification.name],
              ['Version', identification.version],
              [
                'Identifier',
                <Text key="identifier" size="sm" ff="monospace" span>
                  {identification.identifier}
                </Text>,
              ],
            ]}
          />
        )}
      </Card>
      {properties.data?.wrapper.error && (
        <Alert color="red" variant="light" title="The wrapper could not be read">
          <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
            {properties.data.wrapper.error}
          </Text>
        </Alert>
      )}
      {signature && <SignatureCard signature={signature} title="Detected signature" />}
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h5" mb={4}>
          Resources
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Allocated to the version when it is released. Until resources are saved here, the wrapper&apos;s RESOURCES apply.
        </Text>
        {properties.data && (
          // keyed by the values so that a saved change becomes the new starting point
          <ResourcesEditor key={JSON.stringify(properties.data.resources)} bucket={bucket} current={properties.data.resources} canModify={canModify} />
        )}
      </Card>
    </Stack>
  );
}
