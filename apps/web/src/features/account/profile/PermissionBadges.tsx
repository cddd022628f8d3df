import { Badge, Group, Text } from '@mantine/core';
import type { User } from '@asb/contracts';

/** Global permissions of spec 2 §6: Admin is is_staff. */
export function PermissionBadges({ user }: { user: User }) {
  const badges = [
    { isOn: user.is_active, label: 'Active', color: 'teal' },
    { isOn: user.is_staff, label: 'Admin', color: 'indigo' },
    { isOn: user.is_superuser, label: 'Superuser', color: 'grape' },
    { isOn: user.is_system, label: 'System', color: 'gray' },
  ].filter((badge) => badge.isOn);
  if (badges.length === 0) return <Text c="dimmed">No global permissions</Text>;
  return (
    <Group gap={6}>
      {badges.map((badge) => (
        <Badge key={badge.label} color={badge.color} variant="light">
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}
