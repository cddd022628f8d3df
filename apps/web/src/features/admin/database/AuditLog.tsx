import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useAuditLog } from '../api/admin';

/** What staff changed in this service's admin, newest first (docs/admin.md "Audit log"). */
export function AuditLog({ service }: { service: string }) {
  const query = useAuditLog(service);
  const entries = query.data ?? [];
  return (
    <Stack gap="xs" data-testid="audit-log">
      <Title order={4}>Audit log</Title>
      {query.isError && <Text c="red">Something went wrong while fetching the audit log</Text>}
      {query.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No changes made in this admin yet.
        </Text>
      )}
      {entries.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>{entry.actor}</Table.Td>
                <Table.Td>{entry.action}</Table.Td>
                <Table.Td>
                  {entry.type} #{entry.resourceId}{' '}
                  <Text span c="dimmed" size="sm">
                    {entry.identifier}
                  </Text>
                </Table.Td>
                <Table.Td>{Object.keys(entry.changes).length > 0 ? <Code>{JSON.stringify(entry.changes)}</Code> : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
