import { Checkbox, Table, Text } from '@mantine/core';
import { WORKSPACE_ROLES, type Group } from '@asb/contracts';
import { withRole, type RoleMap } from './roles';

export interface WorkspaceRolesTableProps {
  groups: Group[];
  value: RoleMap;
  onChange(value: RoleMap): void;
}

/** One row per workspace, one checkbox per role (spec 2 Edit user). */
export function WorkspaceRolesTable({ groups, value, onChange }: WorkspaceRolesTableProps) {
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No workspaces yet.
      </Text>
    );
  }
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Workspace</Table.Th>
          {WORKSPACE_ROLES.map((role) => (
            <Table.Th key={role} ta="center">
              {role}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.map((group) => (
          <Table.Tr key={group.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {group.workspace_identifier}
              </Text>
              {group.label !== group.workspace_identifier && (
                <Text size="xs" c="dimmed">
                  {group.label}
                </Text>
              )}
            </Table.Td>
            {WORKSPACE_ROLES.map((role) => (
              <Table.Td key={role}>
                <Checkbox
                  mx="auto"
                  w="fit-content"
                  aria-label={`${group.workspace_identifier} ${role}`}
                  checked={value[group.workspace_identifier]?.includes(role) ?? false}
                  onChange={(event) => onChange(withRole(value, group.workspace_identifier, role, event.currentTarget.checked))}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
