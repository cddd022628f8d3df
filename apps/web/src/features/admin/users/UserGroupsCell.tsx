import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { MAX_WORKSPACE_BADGES } from '@asb/contracts';

const ROLE_COLORS: Record<string, string> = { developer: 'grape', operator: 'blue', user: 'gray' };

/** One line per workspace with a badge per role; like every row, at most 3 workspaces shown. */
export function UserGroupsCell({ groups }: { groups: Record<string, string[]> }) {
  const entries = Object.entries(groups)
    .filter(([, roles]) => roles.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  const hidden = entries.slice(MAX_WORKSPACE_BADGES).map(([workspace]) => workspace);
  return (
    <Stack gap={4}>
      {entries.slice(0, MAX_WORKSPACE_BADGES).map(([workspace, roles]) => (
        <Group key={workspace} gap={4} wrap="wrap">
          <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {workspace}
          </Text>
          {roles.map((role) => (
            <Badge key={role} size="xs" variant="light" color={ROLE_COLORS[role] ?? 'gray'} style={{ flexShrink: 0 }}>
              {role}
            </Badge>
          ))}
        </Group>
      ))}
      {hidden.length > 0 && (
        <Tooltip label={hidden.join(', ')} withArrow>
          <Badge size="xs" variant="outline" color="gray" tt="none" w="fit-content">
            +{hidden.length} more
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );
}
