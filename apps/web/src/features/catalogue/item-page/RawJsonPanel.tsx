import type { StacItem } from '@asb/contracts';
import { Code } from '@mantine/core';

/** The item as the catalogue answers it. */
export function RawJsonPanel({ item }: { item: StacItem }) {
  return (
    <Code block aria-label="Item JSON" style={{ maxHeight: 480, overflow: 'auto' }}>
      {JSON.stringify(item, null, 2)}
    </Code>
  );
}
