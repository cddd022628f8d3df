import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a tab of an item page says when the item has nothing to show there ('No links'). */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
