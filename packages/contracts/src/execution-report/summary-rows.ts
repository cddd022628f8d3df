import type { ExecutionAttributes } from '../executions.js';
import { formatReportDate, formatReportDuration, NOT_AVAILABLE } from './report-dates.js';

/** The keys of the summary rows, in the spec's order (spec 1 §2 Summary table). */
export const SUMMARY_KEYS = [
  'identifier',
  'executedBy',
  'createdAt',
  'workflow',
  'workflowVersion',
  'engineReference',
  'startTime',
  'endTime',
  'duration',
  'datastore',
] as const;
/** Names a summary row independently of its label, for pages that render some rows their own way. */
export type SummaryKey = (typeof SUMMARY_KEYS)[number];

const SUMMARY_LABELS: Record<SummaryKey, string> = {
  identifier: 'Identifier',
  executedBy: 'Executed by',
  createdAt: 'Created at',
  workflow: 'Workflow',
  workflowVersion: 'Workflow version',
  engineReference: 'Engine reference',
  startTime: 'Start time',
  endTime: 'End time',
  duration: 'Duration',
  datastore: 'Datastore',
};

/** One row of the summary table; `key` lets a page render a row its own way (the Datastore files link). */
export interface ReportSummaryRow {
  key: SummaryKey;
  label: string;
  value: string;
}

/** The attributes the summary reads. */
export type ReportSummarySource = Pick<
  ExecutionAttributes,
  | 'identifier'
  | 'ownerId'
  | 'createdAt'
  | 'processorLabel'
  | 'processorIdentifier'
  | 'processorVersion'
  | 'workflowExecutionId'
  | 'startTime'
  | 'endTime'
  | 'datastore'
  | 'executionResults'
>;

/** Where the execution's files are: the S3 location when the engine wrote one (spec 3), else the datastore as the server names it to users (never a server path). */
function datastoreText(execution: ReportSummarySource): string {
  return execution.executionResults?.S3OutputsPath || execution.datastore || NOT_AVAILABLE;
}

/**
 * The summary table of spec 1 §2, in its order: Identifier, Executed by, Created at,
 * Workflow, Workflow version, Engine reference, Start time, End time, Duration,
 * Datastore — dates and the duration by the report's rules, 'n/a' for what is not known yet.
 */
export function executionSummaryRows(execution: ReportSummarySource): ReportSummaryRow[] {
  const values: Record<SummaryKey, string> = {
    identifier: execution.identifier,
    executedBy: execution.ownerId,
    createdAt: formatReportDate(execution.createdAt),
    workflow: execution.processorLabel || execution.processorIdentifier,
    workflowVersion: String(execution.processorVersion),
    engineReference: execution.workflowExecutionId || NOT_AVAILABLE,
    startTime: formatReportDate(execution.startTime),
    endTime: formatReportDate(execution.endTime),
    duration: formatReportDuration(execution.startTime, execution.endTime),
    datastore: datastoreText(execution),
  };
  return SUMMARY_KEYS.map((key) => ({ key, label: SUMMARY_LABELS[key], value: values[key] }));
}
