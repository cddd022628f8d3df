import { Code, Loader, Modal, ScrollArea, Text } from '@mantine/core';

export interface TaskLogModalProps {
  /** the task whose log is shown; null closes the modal */
  taskId: string | null;
  /** the log as its query gives it */
  log: { data?: string; isPending: boolean; isError: boolean };
  onClose(): void;
}

/** The log of one task, in monospace. */
export function TaskLogModal({ taskId, log, onClose }: TaskLogModalProps) {
  return (
    <Modal opened={taskId !== null} onClose={onClose} title={`Log of task ${taskId ?? ''}`} size="xl">
      {log.isPending ? (
        <Loader size="sm" aria-label="Loading log" />
      ) : log.isError ? (
        <Text size="sm" c="dimmed">
          The log could not be loaded.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto">
          <Code block data-testid="task-log" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {log.data || 'The log is empty.'}
          </Code>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
