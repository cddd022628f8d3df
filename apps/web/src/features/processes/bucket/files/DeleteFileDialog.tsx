import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';

export interface DeleteFileDialogProps {
  /** the path to delete; null closes the dialog */
  path: string | null;
  isPending: boolean;
  onConfirm(path: string): void;
  onClose(): void;
}

export function DeleteFileDialog({ path, isPending, onConfirm, onClose }: DeleteFileDialogProps) {
  return (
    <Modal opened={path !== null} onClose={onClose} title="Delete file">
      <Stack>
        <Text size="sm">
          <Code>{path}</Code> will be deleted from this version&apos;s files.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={isPending} onClick={() => path && onConfirm(path)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
