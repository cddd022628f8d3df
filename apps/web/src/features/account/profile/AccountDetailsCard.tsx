import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { KeyValueList } from '../../../ui/KeyValueList';
import type { User } from '@asb/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { PermissionBadges } from './PermissionBadges';

function orNotSet(value: string): ReactNode {
  return (
    value || (
      <Text span c="dimmed" fs="italic">
        Not set
      </Text>
    )
  );
}

/** The read-only account data of the own user. */
export function AccountDetailsCard({ user }: { user: User }) {
  const rows: [string, ReactNode][] = [
    ['Username', user.username],
    ['First name', orNotSet(user.first_name)],
    ['Last name', orNotSet(user.last_name)],
    ['Email', orNotSet(user.email)],
    ['Date joined', formatDateTime(user.date_joined)],
    ['Last login', formatDateTime(user.last_login)],
    ['Permissions', <PermissionBadges key="permissions" user={user} />],
  ];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Account
      </Title>
      <KeyValueList rows={rows} labelWidth={130} />
    </Card>
  );
}
