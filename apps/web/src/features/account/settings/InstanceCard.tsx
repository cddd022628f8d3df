import { Badge, Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { KeyValueList } from '../../../ui/KeyValueList';
import { useAuth } from '../../../app/auth/auth-context';
import { formatDateTime } from '../../../ui/formatDateTime';

/** Instance name and version with build timestamps; staff also see theme and identity provider (spec 2 Settings). */
export function InstanceCard() {
  const { instance, isStaff } = useAuth();
  const rows: [string, ReactNode][] = instance
    ? [
        ['Instance name', instance.name],
        ['Version', instance.asb_version],
        ['Build timestamp', formatDateTime(instance.build_timestamp)],
        ['Base build timestamp', formatDateTime(instance.base_build_timestamp)],
      ]
    : [];
  if (instance && isStaff) {
    rows.push(['Theme', instance.theme]);
    rows.push([
      'OIDC provider',
      instance.oidcProviderName ?? (
        <Badge color="gray" variant="light">
          Not enabled
        </Badge>
      ),
    ]);
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Framework
      </Title>
      {instance ? <KeyValueList rows={rows} labelWidth={170} /> : <Text c="dimmed">The instance details could not be loaded.</Text>}
    </Card>
  );
}
