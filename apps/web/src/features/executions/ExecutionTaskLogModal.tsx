import { useReportError } from '../../app/api/use-report-error';
import { TaskLogModal } from '../../ui/TaskLogModal';
import { useTaskLog } from './api/execution-actions';

export interface ExecutionTaskLogModalProps {
  executionId: string;
  /** the task whose log is shown; null closes the modal */
  taskId: string | null;
  onClose(): void;
}

/** The log of one task of an execution (GET executions/{id}/tasks/{taskId}/log), read again each time it opens. */
export function ExecutionTaskLogModal({ executionId, taskId, onClose }: ExecutionTaskLogModalProps) {
  const log = useTaskLog(executionId, taskId);
  useReportError(log.error, log.errorUpdatedAt, 'builder');
  return <TaskLogModal taskId={taskId} log={log} onClose={onClose} />;
}
