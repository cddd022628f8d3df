import { Badge, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useGroupMembers, useGroups } from '../api/groups';

/** Spec 2: a workspace select ('-- Select workspace --') and its read-only members table. */
export function WorkspaceMembers() {
  const groups = useGroups();
  const [groupId, setGroupId] = useState<string | null>(null);
  // a deleted workspace drops out of the select
  const selected = groups.data?.some((g) => g.id === groupId) ? groupId : null;
  const members = useGroupMembers(selected);
  return (
    <Stack gap="sm">
      <Title order={3}>Members</Title>
      <Select
        aria-label="Workspace"
        placeholder="-- Select workspace --"
        data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.workspace_identifier }))}
        value={selected}
        onChange={setGroupId}
        searchable
        maw={360}
      />
      {selected && (
        <Paper withBorder radius="md">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Username</Table.Th>
                <Table.Th>Full name</Table.Th>
                <Table.Th>Roles</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(members.data ?? []).map((member) => (
                <Table.Tr key={member.username}>
                  <Table.Td>{member.username}</Table.Td>
                  <Table.Td>{member.full_name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {member.roles.map((role) => (
                        <Badge key={role} size="sm" variant="light">
                          {role}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {members.data?.length === 0 && <EmptyRow text="No members" />}
              {members.isPending && <EmptyRow text={<Loader size="sm" aria-label="Loading" />} />}
              {members.isError && <EmptyRow text="Something went wrong while fetching members" />}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

function EmptyRow({ text }: { text: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={3} ta="center">
        <Text c="dimmed" size="sm" component="div">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
