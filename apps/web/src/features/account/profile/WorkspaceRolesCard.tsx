import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import type { User } from '@asb/contracts';

const ROLE_COLORS: Record<string, string> = { user: 'gray', operator: 'blue', developer: 'orange' };

/** Workspace roles, read-only here (administrators edit them). */
export function WorkspaceRolesCard({ user }: { user: User }) {
  const workspaces = Object.entries(user.groups).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb={4}>
        Workspace roles
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Users may view, operators may also change, developers may add, change and delete the resources of a workspace.
      </Text>
      {workspaces.length === 0 ? (
        <Text c="dimmed">You are not a member of any workspace yet.</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Workspace</Table.Th>
              <Table.Th>Roles</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {workspaces.map(([workspace, roles]) => (
              <Table.Tr key={workspace}>
                <Table.Td ff="monospace">{workspace}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {roles.map((role) => (
                      <Badge key={role} color={ROLE_COLORS[role] ?? 'gray'} variant="light">
                        {role}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
