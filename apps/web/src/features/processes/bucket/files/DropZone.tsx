import { Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState, type DragEvent } from 'react';

export interface DropZoneProps {
  onFiles(files: File[]): void;
  hint?: string;
}

/**
 * 'Upload your process files': drop files here or click to pick them. A label
 * around a hidden file input, so keyboard and screen-reader users get the
 * native file picker (and tests can set files on the input).
 */
export function DropZone({ onFiles, hint }: DropZoneProps) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <Paper
      component="label"
      htmlFor={inputId}
      withBorder
      radius="md"
      p="lg"
      data-over={isOver || undefined}
      style={{
        display: 'block',
        cursor: 'pointer',
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: isOver ? 'var(--mantine-color-blue-5)' : undefined,
        background: isOver ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)',
      }}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={drop}
    >
      <Stack align="center" gap={4}>
        <IconUpload size={28} color="var(--mantine-color-blue-6)" />
        <Text fw={500}>Upload your process files</Text>
        <Text size="sm" c="dimmed">
          Drop files here or click to choose them{hint ? `. ${hint}` : ''}
        </Text>
      </Stack>
      <input
        id={inputId}
        type="file"
        multiple
        aria-label="Upload your process files"
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // cleared so that choosing the same file again uploads it again
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Paper>
  );
}
