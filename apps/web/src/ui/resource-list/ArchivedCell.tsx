import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Archived rows are struck through and badged (spec 1 §2: styled differently). */
export function ArchivedCell({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text span td="line-through" inherit>
        {children}
      </Text>
      <Badge color="gray" variant="filled" size="xs" style={{ flexShrink: 0 }}>
        Archived
      </Badge>
    </Group>
  );
}
