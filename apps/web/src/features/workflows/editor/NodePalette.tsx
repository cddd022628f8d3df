import { Alert, Loader, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ListDataType } from '@asb/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PALETTE_PAGE_SIZE, usePaletteVersions, type ProcessVersion } from '../api/editor';
import { PaletteVersionItem } from './PaletteVersionItem';
import { SplitterPaletteItem } from './SplitterPaletteItem';

function byLabelThenNewest(a: ProcessVersion, b: ProcessVersion): number {
  return (
    a.attributes.processLabel.localeCompare(b.attributes.processLabel) || b.attributes.value.localeCompare(a.attributes.value, undefined, { numeric: true })
  );
}

/** Searchable list of the released, not archived process versions, and the built-in splitter. */
export function NodePalette({
  onAddVersion,
  onAddSplitter,
}: {
  onAddVersion: (version: ProcessVersion) => void;
  onAddSplitter: (listType: ListDataType) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const versions = usePaletteVersions(debounced);
  const rows = [...(versions.data?.data ?? [])].sort(byLabelThenNewest);
  const count = versions.data?.meta.pagination.count ?? 0;

  return (
    <Stack
      gap="xs"
      w={270}
      p="xs"
      h="100%"
      style={{ borderRight: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
      aria-label="Node palette"
      role="region"
    >
      <Title order={3} size="h6">
        Add a node
      </Title>
      <TextInput
        size="xs"
        placeholder="Search processes"
        aria-label="Search processes"
        leftSection={versions.isFetching ? <Loader size={12} /> : <IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ScrollArea flex={1} mih={0} type="auto" offsetScrollbars>
        <Stack gap={6}>
          {versions.isError && (
            <Alert color="red" variant="light" p="xs">
              Something went wrong while fetching process versions
            </Alert>
          )}
          {versions.isSuccess && rows.length === 0 && (
            <Text size="xs" c="dimmed">
              {debounced ? `No released process matches "${debounced}"` : 'No released processes yet'}
            </Text>
          )}
          {rows.map((version) => (
            <PaletteVersionItem key={version.id} version={version} onAdd={onAddVersion} />
          ))}
          {count > PALETTE_PAGE_SIZE && (
            <Text size="xs" c="dimmed">
              {PALETTE_PAGE_SIZE} of {count} shown: search to narrow the list
            </Text>
          )}
          <SplitterPaletteItem onAdd={onAddSplitter} />
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
