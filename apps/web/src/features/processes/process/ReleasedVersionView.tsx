import { Button, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { useProcessImage } from '../api/process-images';
import { useReportError } from '../../../app/api/use-report-error';
import { ResourceCard } from './ResourceCard';
import { SignatureCard } from './SignatureCard';
import type { ReleasedVersion } from './version-selection';

/** A released version: its allocated resources, its signature, and a way to the files and build log it was released from. */
export function ReleasedVersionView({ version }: { version: ReleasedVersion }) {
  const { processIdentifier, value, signature, bucketId } = version.attributes;
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
        <Stack gap="md">
          {image.isSuccess && <ResourceCard image={image.data} />}
          {bucketId && (
            <Group>
              <Button component={Link} to={routePath('bucket', { id: bucketId })} variant="default" leftSection={<IconFiles size={16} />}>
                Files and build log of version {value}
              </Button>
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SignatureCard signature={signature} />
      </Grid.Col>
    </Grid>
  );
}
