import { Alert, Anchor, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { routePath } from '../../../app/routes';
import { PageLoader } from '../../../ui/PageLoader';
import { useProcess } from '../api/processes';
import { refusalOf } from '../../../app/api/refusal';
import { useReportError } from '../../../app/api/use-report-error';
import { useBucket } from '../api/versions';
import { ArchivedBanner } from '../process/ArchivedBanner';
import { ReleaseBadge } from '../process/VersionSwitcher';
import { PAGE_LABELS } from './build/BuildControls';
import { BucketTabs } from './BucketTabs';

/** /buckets/{id}: one bucket with upload, files, properties, Dockerfile, dry-run and commit import. */
export function BucketPage() {
  const id = useParams().id ?? '';
  const bucket = useBucket(id);
  const refusal = refusalOf(bucket.error, 'bucket');
  useReportError(refusal ? null : bucket.error, bucket.errorUpdatedAt, 'knowledge');
  // the process decides whether the bucket is read-only (archived)
  const process = useProcess(bucket.data?.attributes.processId ?? '');
  const a = bucket.data?.attributes;
  const isArchived = process.data?.attributes.isArchived ?? false;
  const canModify = Boolean(a && a.permissions.change && !a.released && process.data && !isArchived);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Bucket #{id}
          </Title>
          {a && (
            <Group gap="xs">
              <Anchor component={Link} to={`${routePath('process', { id: a.processId })}?bucket=${encodeURIComponent(id)}`} size="sm">
                {a.processLabel}
              </Anchor>
              <Text size="sm" c="dimmed">
                version {a.value}
              </Text>
              <ReleaseBadge isReleased={a.released} />
            </Group>
          )}
        </div>
        {bucket.isPending && <PageLoader />}
        {bucket.isError && (
          <Alert color={refusal ? 'yellow' : 'red'} variant="light">
            {refusal ?? `Something went wrong while fetching bucket #${id}`}
          </Alert>
        )}
        {isArchived && <ArchivedBanner />}
        {a?.released && (
          <Alert color="teal" variant="light">
            This version is released: its files are read-only.
          </Alert>
        )}
        {bucket.data && (
          <Card withBorder radius="md" padding="lg">
            <BucketTabs key={bucket.data.id} bucket={bucket.data} canModify={canModify} transport="ws" labels={PAGE_LABELS} />
          </Card>
        )}
      </Stack>
    </Container>
  );
}
