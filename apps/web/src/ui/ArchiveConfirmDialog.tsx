import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ArchiveConfirmDialogProps {
  isOpened: boolean;
  /** e.g. 'workflow' */
  name: string;
  /** the resource's archive text (spec 1 §9) */
  text: string;
  isPending?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Archiving asks for confirmation; unarchiving does not (spec 1 §4). */
export function ArchiveConfirmDialog({ isOpened, name, text, isPending, onConfirm, onClose }: ArchiveConfirmDialogProps) {
  return (
    <Modal opened={isOpened} onClose={onClose} title={`Archive ${name}`}>
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="yellow" loading={isPending} onClick={onConfirm}>
            Archive
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
