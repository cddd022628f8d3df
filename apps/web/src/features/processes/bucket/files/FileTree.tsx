import { ActionIcon, Group, Text, Tree, getTreeExpandedState, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronRight, IconFile, IconFolder, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatSize, type FileEntry } from './file-tree';

function toTreeData(entries: FileEntry[]): TreeNodeData[] {
  return entries.map((entry) => ({
    value: entry.id,
    label: entry.name,
    nodeProps: { entry },
    children: entry.isFolder ? toTreeData(entry.children) : undefined,
  }));
}

export interface FileTreeProps {
  entries: FileEntry[];
  /** absent: read-only, no delete buttons */
  onDelete?(entry: FileEntry): void;
}

/**
 * The bucket's files, every folder open (buckets are small). Mounted per file
 * list, see FilesTab. `entries` must keep its identity between renders: the
 * Tree re-initialises its state whenever its data changes.
 */
export function FileTree({ entries, onDelete }: FileTreeProps) {
  const data = useMemo(() => toTreeData(entries), [entries]);
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, '*') });
  return (
    <Tree
      data={data}
      tree={tree}
      levelOffset="lg"
      aria-label="Bucket files"
      renderNode={({ node, expanded, hasChildren, elementProps }) => {
        const entry = (node.nodeProps as { entry: FileEntry }).entry;
        return (
          <Group gap={6} wrap="nowrap" py={3} {...elementProps}>
            {entry.isFolder ? (
              <>
                <IconChevronRight
                  size={14}
                  style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms', visibility: hasChildren ? 'visible' : 'hidden' }}
                />
                <IconFolder size={16} color="var(--mantine-color-yellow-7)" />
              </>
            ) : (
              <IconFile size={16} color="var(--mantine-color-gray-6)" style={{ marginLeft: 20 }} />
            )}
            <Text size="sm" ff="monospace" style={{ flex: 1, minWidth: 0 }} truncate>
              {entry.name}
            </Text>
            {!entry.isFolder && (
              <Text size="xs" c="dimmed">
                {formatSize(entry.size)}
              </Text>
            )}
            {onDelete && !entry.isFolder && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Delete ${entry.id}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onDelete(entry);
                }}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        );
      }}
    />
  );
}
