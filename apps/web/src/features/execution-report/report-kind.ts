import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { InputRow } from '../executions/input-rows';
import type { ExecutionLike } from '../executions/live-update';
import type { OutputHeaders, OutputRow } from './output-row';
import type { SummaryRow } from './SummaryTable';

type Part<T> = ComponentType<{ execution: T }>;

/**
 * What differs between the report of a workflow execution (spec 1 §2 Execution report) and of
 * an application or model execution (spec 3 §2 Executions lists and reports): one page
 * (ExecutionReportPage) reads it. Every report has the heading, the summary, the inputs and the
 * outputs; a kind adds its alerts, its actions and its sections.
 */
export interface ReportKind<T extends ExecutionLike> {
  /** the service the central error handler names */
  service: string;
  useExecution(id: string): UseQueryResult<T>;
  /** the queries a live update of this execution reads again */
  liveKeys(id: string): QueryKey[];
  /** spec 3 §4 / §9: the report is read again this long after progress reaches 100 */
  refetchAfterDoneMs?: number;
  /** the heading's buttons */
  Actions: Part<T>;
  /** under the heading: why it failed, what is left to do */
  Alerts: Part<T>;
  summaryTitle: string;
  summaryRows(execution: T): SummaryRow[];
  /** between the summary and the inputs (a workflow's graph and timeline) */
  BeforeInputs?: Part<T>;
  inputRows(execution: T): InputRow[];
  outputHeaders: OutputHeaders;
  outputRows(execution: T): OutputRow[];
  /** after the outputs (a workflow's tasks, child runs and jobs) */
  AfterOutputs?: Part<T>;
}
