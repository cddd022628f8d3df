import { LIST_DATA_TYPES, LIST_ITEM_TYPES, DEFAULT_SPLITTER_LIST_TYPE, type ListDataType } from '@asb/contracts';
import { Button, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useState } from 'react';

export const LIST_TYPE_OPTIONS = LIST_DATA_TYPES.map((type) => ({ value: type, label: `${type} (items: ${LIST_ITEM_TYPES[type]})` }));

/** The built-in node: it takes a list and runs the nodes downstream once per item. */
export function SplitterPaletteItem({ onAdd }: { onAdd: (listType: ListDataType) => void }) {
  const [listType, setListType] = useState<ListDataType>(DEFAULT_SPLITTER_LIST_TYPE);
  return (
    <Paper withBorder radius="sm" p={8}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Dynamic list splitter
        </Text>
        <Text size="xs" c="dimmed">
          Runs the nodes after it once per item of a list.
        </Text>
        <Select
          size="xs"
          label="List type"
          data={LIST_TYPE_OPTIONS}
          value={listType}
          allowDeselect={false}
          onChange={(value) => value && setListType(value as ListDataType)}
        />
        <Button size="xs" variant="light" leftSection={<IconArrowsSplit size={14} />} onClick={() => onAdd(listType)} aria-label="Add dynamic list splitter">
          Add splitter
        </Button>
      </Stack>
    </Paper>
  );
}
