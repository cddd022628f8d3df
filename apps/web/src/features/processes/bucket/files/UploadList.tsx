import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { UploadItem } from './use-uploads';

/** One progress row per uploaded file. */
export function UploadList({ items, onClear }: { items: UploadItem[]; onClear(): void }) {
  if (items.length === 0) return null;
  const hasFinished = items.some((item) => item.status !== 'uploading');
  return (
    <Stack gap={6} aria-label="Uploads">
      {items.map((item) => (
        <div key={item.key} data-testid="upload-item">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" ff="monospace" truncate>
              {item.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              {item.status === 'done' && <IconCheck size={14} color="var(--mantine-color-teal-6)" />}
              {item.status === 'failed' && <IconX size={14} color="var(--mantine-color-red-6)" />}
              <Text size="xs" c="dimmed">
                {item.status === 'failed' ? 'Failed' : `${Math.round(item.progress * 100)}%`}
              </Text>
            </Group>
          </Group>
          <Progress
            value={item.status === 'failed' ? 100 : item.progress * 100}
            color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : 'blue'}
            size="sm"
            aria-label={`Upload of ${item.name}`}
            animated={item.status === 'uploading'}
          />
          {item.error && (
            <Text size="xs" c="red" mt={2}>
              {item.error}
            </Text>
          )}
        </div>
      ))}
      {hasFinished && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-xs" color="gray" onClick={onClear}>
            Clear finished
          </Button>
        </Group>
      )}
    </Stack>
  );
}
