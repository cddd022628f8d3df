import { Badge, Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useReportError } from '../../../app/api/use-report-error';
import { useWorkflowVersions } from './use-workflow-versions';

/** The saved versions of the workflow: every changed graph is a new one (docs/workflows.md). */
export function WorkflowVersions({ workflowId, current }: { workflowId: string; current: number }) {
  const versions = useWorkflowVersions(workflowId);
  useReportError(versions.error, versions.errorUpdatedAt, 'knowledge');
  // the execute form's 'Changed by …' notice links here (#versions): shown once the rows are in
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const isLoaded = versions.data !== undefined;
  useEffect(() => {
    if (hash === '#versions' && isLoaded) card.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, isLoaded]);
  return (
    <Card withBorder radius="md" padding="md" id="versions" ref={card}>
      <Title order={2} size="h4" mb="sm">
        Versions
      </Title>
      {versions.isPending && <Skeleton height={80} />}
      {versions.isError && (
        <Text size="sm" c="red">
          Something went wrong while fetching versions
        </Text>
      )}
      {versions.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No versions found
        </Text>
      )}
      {versions.data && versions.data.length > 0 && (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing={6} aria-label="Versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Saved at</Table.Th>
                <Table.Th>Saved by</Table.Th>
                <Table.Th>Nodes</Table.Th>
                <Table.Th>Edges</Table.Th>
                <Table.Th>Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>
                    {version.version}
                    {version.version === current && (
                      <Badge ml="xs" size="xs" variant="light">
                        Current
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(version.createdAt)}</Table.Td>
                  <Table.Td>{version.createdBy}</Table.Td>
                  <Table.Td>{version.nodeCount}</Table.Td>
                  <Table.Td>{version.edgeCount}</Table.Td>
                  <Table.Td>
                    {version.changes.map((change) => (
                      <Text key={change} size="sm">
                        {change}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
