import { Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';

export interface DropZoneProps {
  onFiles(files: File[]): void;
  hint?: string;
}

/**
 * 'Upload your process files': drop files here or click (or Enter) to pick them. Mantine's
 * Dropzone accepts any file: the size limit is checked by the upload itself, which names
 * the file that is too large (use-uploads.ts).
 */
export function DropZone({ onFiles, hint }: DropZoneProps) {
  return (
    <Dropzone
      onDrop={(files) => {
        if (files.length > 0) onFiles(files);
      }}
      multiple
      radius="md"
      p="lg"
      inputProps={{ 'aria-label': 'Upload your process files' }}
    >
      <Stack align="center" gap={4} style={{ pointerEvents: 'none' }}>
        <IconUpload size={28} color="var(--mantine-color-blue-6)" />
        <Text fw={500}>Upload your process files</Text>
        <Text size="sm" c="dimmed">
          Drop files here or click to choose them{hint ? `. ${hint}` : ''}
        </Text>
      </Stack>
    </Dropzone>
  );
}
