import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useStopExecution } from './api/execution-actions';

/** Stop, after a confirmation: the engine cancels the running tasks and the execution ends 'stopped'. */
export function StopExecutionButton({ id, identifier }: { id: string; identifier: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const stop = useStopExecution();
  const close = () => setIsConfirming(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconPlayerStop size={14} />}
        aria-label={`Stop ${identifier}`}
        loading={stop.isPending}
        onClick={() => setIsConfirming(true)}
      >
        Stop
      </Button>
      <Modal opened={isConfirming} onClose={close} title="Stop execution">
        <Stack>
          <Text size="sm">
            Stop execution <b>{identifier}</b>? Its running tasks are cancelled and the tasks that have not started yet will not run.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={stop.isPending} onClick={() => stop.mutate({ id, identifier }, { onSettled: close })}>
              Stop execution
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
