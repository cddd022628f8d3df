import { Code, Loader, Modal, ScrollArea, Text } from '@mantine/core';
import { useReportError } from '../../app/api/use-report-error';
import { useTaskLog } from './execution-actions';

export interface TaskLogModalProps {
  executionId: string;
  /** the task whose log is shown; null closes the modal */
  taskId: string | null;
  onClose(): void;
}

/** The log of one task of an execution, in monospace (GET executions/{id}/tasks/{taskId}/log). */
export function TaskLogModal({ executionId, taskId, onClose }: TaskLogModalProps) {
  const log = useTaskLog(executionId, taskId);
  useReportError(log.error, log.errorUpdatedAt, 'builder');
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
