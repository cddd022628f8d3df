import { Button, Group, Modal, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';

/** Spec 3 §4: stopping a model's service asks first; a click outside the dialog cancels. */
export function StopServiceDialog({
  name,
  isOpened,
  isPending,
  onConfirm,
  onClose,
}: {
  name: string;
  isOpened: boolean;
  isPending?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal opened={isOpened} onClose={onClose} title={`Stop ${name} Service?`}>
      <Text size="sm" mb="lg">
        Please confirm (or click outside this dialog to cancel) that the service should stop: its inference URL stops answering, and starting it again loads the
        model anew.
      </Text>
      <Group justify="flex-end">
        <Button color="red" leftSection={<IconPlayerStop size={16} />} onClick={onConfirm} loading={isPending}>
          Stop the Service
        </Button>
      </Group>
    </Modal>
  );
}
