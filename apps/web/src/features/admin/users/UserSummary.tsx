import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { User } from '@asb/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { PermissionBadges } from './PermissionBadges';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * The read-only part of Edit user: who and since when, and the spec's advanced administration link
 * (/usermgr/admin/auth/user/?q={username}), which the server sends on to the User Manager tab of
 * the embedded admin on this user (docs/admin.md).
 */
export function UserSummary({ user }: { user: User }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{user.username}</Title>
          {user.full_name && <Text c="dimmed">{user.full_name}</Text>}
        </div>
        <Anchor href={`/usermgr/admin/auth/user/?q=${encodeURIComponent(user.username)}`} size="sm">
          Advanced administration
        </Anchor>
      </Group>
      <PermissionBadges user={user} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Date joined" value={formatDateTime(user.date_joined)} />
        <Field label="Last login" value={user.last_login ? formatDateTime(user.last_login) : 'Never'} />
      </SimpleGrid>
    </Stack>
  );
}
