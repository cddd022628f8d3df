import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { User } from '@asb/contracts';
import { IconExternalLink } from '@tabler/icons-react';
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

/** The read-only part of Edit user: who, since when, and the advanced administration link. */
export function UserSummary({ user }: { user: User }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{user.username}</Title>
          {user.full_name && <Text c="dimmed">{user.full_name}</Text>}
        </div>
        <Anchor href={`/usermgr/admin/auth/user/?q=${encodeURIComponent(user.username)}`} target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            Advanced administration
            <IconExternalLink size={14} />
          </Group>
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
