import { Card, Grid, Skeleton, Text } from '@mantine/core';
import { useProcessImage } from '../api/process-images';
import { useReportError } from '../../../app/api/use-report-error';
import { ResourceCard } from './ResourceCard';
import { SignatureCard } from './SignatureCard';
import type { ReleasedVersion } from './version-selection';

/** A released version: its allocated resources and its signature. */
export function ReleasedVersionView({ version }: { version: ReleasedVersion }) {
  const { processIdentifier, value, signature } = version.attributes;
  const image = useProcessImage(processIdentifier, value);
  useReportError(image.error, image.errorUpdatedAt, 'Resource Manager');
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        {image.isPending && <Skeleton height={180} radius="md" />}
        {image.isError && (
          <Card withBorder radius="md" padding="lg">
            <Text size="sm" c="red">
              Something went wrong while fetching the allocated resources
            </Text>
          </Card>
        )}
        {image.isSuccess && <ResourceCard image={image.data} />}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SignatureCard signature={signature} />
      </Grid.Col>
    </Grid>
  );
}
