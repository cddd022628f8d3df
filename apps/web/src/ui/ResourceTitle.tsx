import { Text, Title } from '@mantine/core';

/** The heading of a resource page: 'owner / label' with the identifier under it (spec 1 §2, spec 2). */
export function ResourceTitle({ ownerId, label, identifier }: { ownerId: string; label: string; identifier: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        {ownerId} / {label}
      </Title>
      <Text c="dimmed" ff="monospace" size="sm">
        {identifier}
      </Text>
    </div>
  );
}
