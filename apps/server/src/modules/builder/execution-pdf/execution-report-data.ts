import {
  executionInputRows,
  executionOutputRows,
  executionSummaryRows,
  executionTaskGraph,
  executionTaskRows,
  failureLogHeading,
  failureSentence,
  reportDateMs,
  reportResults,
  type ExecutionAttributes,
  type ReportInputRow,
  type ReportOutputRow,
  type ReportSummaryRow,
  type ReportTaskGraph,
  type ReportTaskRow,
} from '@asb/contracts';
import { failureReason } from '../../../engine/orchestrator/execution-failure.js';
import type { TaskRow } from '../../../engine/store/tasks.repository.js';
import { executionAttributes, type ExecutionRow } from '../executions.resource.js';

/** Everything the PDF shows, computed by the shared display rules (@asb/contracts execution-report). */
export interface ExecutionReportData {
  id: string;
  identifier: string;
  status: string;
  progress: number;
  summary: ReportSummaryRow[];
  graph: ReportTaskGraph;
  tasks: ReportTaskRow[];
  inputs: ReportInputRow[];
  outputs: ReportOutputRow[];
  /** why the execution failed (the failing task, its reason, the end of its log), else executionResults.error */
  error: string | undefined;
  /** the last error of each failed task (execution_tasks.error) */
  taskErrors: { taskId: string; tryNumber: number; error: string }[];
  /** where a task still running ends on the timeline: the execution's end, else now */
  openEnd: number;
  generatedAt: Date;
}

/** The failure as the report's error box says it: the sentence, then the log's last lines. */
function failureText(failure: NonNullable<ExecutionAttributes['failure']>): string {
  const sentence = failureSentence(failure);
  return failure.logTail.length === 0 ? sentence : `${sentence}\n\n${failureLogHeading(failure)}:\n${failure.logTail.join('\n')}`;
}

/** The attributes the API serves for this row (the report reads the same ones the web page gets). */
function attributesOf(row: ExecutionRow): Pick<ExecutionAttributes, 'identifier' | 'ownerId' | 'createdAt'> & ReturnType<typeof executionAttributes> {
  return { ...executionAttributes(row), identifier: row.identifier, ownerId: row.ownerId, createdAt: row.createdAt.toISOString() };
}

/**
 * The report of one execution from its row and its task rows: the server knows where
 * each task ran (worker_label) and why a failed one failed (error), which
 * executionResults does not carry.
 */
export function executionReportData(row: ExecutionRow, taskRows: TaskRow[], now = new Date()): ExecutionReportData {
  const attributes = attributesOf(row);
  const workers = new Map(taskRows.filter((task) => task.workerLabel).map((task) => [task.taskId, task.workerLabel!]));
  return {
    id: String(row.id),
    identifier: row.identifier,
    status: row.status,
    progress: row.progress,
    summary: executionSummaryRows(attributes),
    graph: executionTaskGraph(attributes.executionResults),
    tasks: executionTaskRows(attributes, workers),
    inputs: executionInputRows(attributes.inputs),
    outputs: executionOutputRows(attributes.executionResults),
    error: attributes.failure ? failureText(attributes.failure) : reportResults(attributes.executionResults).error,
    taskErrors: taskRows
      .filter((task) => task.state === 'failed' && task.error)
      // as the failure says it: 'ValueError: …', without the runner's prefix
      .map((task) => ({ taskId: task.taskId, tryNumber: task.tryNumber, error: failureReason(task.error) })),
    openEnd: reportDateMs(attributes.endTime) ?? now.getTime(),
    generatedAt: now,
  };
}
