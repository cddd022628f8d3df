import { Badge, Group } from '@mantine/core';
import type { User } from '@asb/contracts';

/** Global permission badges (is_staff shows as Admin, spec 1 §6; is_system as System, spec 2 §6). */
export function PermissionBadges({ user }: { user: User }) {
  return (
    <Group gap={6}>
      {user.is_active ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>}
      {user.is_staff && <Badge color="indigo">Admin</Badge>}
      {user.is_superuser && <Badge color="red">Superuser</Badge>}
      {user.is_system && <Badge color="dark">System</Badge>}
    </Group>
  );
}
