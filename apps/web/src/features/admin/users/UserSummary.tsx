import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
 * The read-only part of Edit user: who and since when. The spec's advanced administration link
 * (/usermgr/admin/, a separate admin backend) is not shown: this portal has none, this page is the
 * whole user administration (docs/decisions.md).
 */
export function UserSummary({ user }: { user: User }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{user.username}</Title>
          {user.full_name && <Text c="dimmed">{user.full_name}</Text>}
        </div>
      </Group>
      <PermissionBadges user={user} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Date joined" value={formatDateTime(user.date_joined)} />
        <Field label="Last login" value={user.last_login ? formatDateTime(user.last_login) : 'Never'} />
      </SimpleGrid>
    </Stack>
  );
}
