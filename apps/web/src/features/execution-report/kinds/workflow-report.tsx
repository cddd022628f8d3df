import { executionSummaryRows } from '@asb/contracts';
import { useExecution, type ExecutionResource } from '../../executions/api/execution';
import { executionJobsKey, executionKey } from '../../executions/api/keys';
import { workflowInputRows } from '../../executions/input-rows';
import type { ReportKind } from '../report-kind';
import { workflowOutputRows } from '../workflow-outputs';
import { WorkflowReportActions } from './WorkflowReportActions';
import { WorkflowAlerts, WorkflowGraphs, WorkflowTasks } from './WorkflowSections';

/** /executions/{id}/report (spec 1 §2 Execution report). */
export const WORKFLOW_REPORT: ReportKind<ExecutionResource> = {
  service: 'builder',
  useExecution,
  liveKeys: (id) => [executionKey(id), executionJobsKey(id)],
  Actions: WorkflowReportActions,
  Alerts: WorkflowAlerts,
  summaryTitle: 'Summary',
  summaryRows: (execution) => executionSummaryRows(execution.attributes),
  BeforeInputs: WorkflowGraphs,
  inputRows: (execution) => workflowInputRows(execution.attributes.inputs),
  outputHeaders: { taskId: 'task_id', key: 'key', type: 'type', value: 'value', actions: 'actions' },
  outputRows: (execution) => workflowOutputRows(execution.attributes.executionResults),
  AfterOutputs: WorkflowTasks,
};
