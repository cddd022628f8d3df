import { Code, Skeleton, Text } from '@mantine/core';
import { useDockerfile } from '../api/bucket-content';
import { useReportError } from '../../../app/api/use-report-error';

/** Developer mode only (spec 2 §6): the Dockerfile the build uses. */
export function DockerfileTab({ bucketId }: { bucketId: string }) {
  const dockerfile = useDockerfile(bucketId);
  useReportError(dockerfile.error, dockerfile.errorUpdatedAt);
  if (dockerfile.isPending) return <Skeleton height={160} />;
  if (dockerfile.isError) {
    return (
      <Text size="sm" c="red">
        Something went wrong while fetching the Dockerfile
      </Text>
    );
  }
  return (
    <Code block fz="xs" aria-label="Dockerfile" style={{ maxHeight: 480, overflow: 'auto' }}>
      {dockerfile.data || '# empty'}
    </Code>
  );
}
