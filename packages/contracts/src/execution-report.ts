import type { ExecutionAttributes, ExecutionInputGroup } from './executions.js';
import { TASK_STATE_COLORS } from './tasks.js';

/**
 * Display rules of the execution report (spec 1 §2 "Execution report", §3 Execution, §4
 * task colours), shared by the web report page and the server's PDF so that both show
 * the same values. Pure functions of the execution's attributes; docs/execution-report.md.
 */

/** What a value the report cannot show reads as (spec 1 §2 display rules). */
export const NOT_AVAILABLE = 'n/a';

/** Dates equal to these (ms since the epoch) are placeholders of the engine, not dates: they show n/a (spec 1 §2). */
export const PLACEHOLDER_DATES_MS: readonly number[] = [0, 9e12];

/** Encrypted (password) inputs never show in clear: the report shows this instead, as the engine's task rows do. */
export const ENCRYPTED_VALUE_MASK = '********';

/** A date as the API gives it: an ISO string, ms since the epoch (number or numeric string), or nothing. */
export type ReportDateInput = string | number | Date | null | undefined;

const NUMERIC = /^-?\d+(\.\d+)?$/;
// an ISO date-time without an offset: taken as UTC (JavaScript would take it as local time)
const ISO_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The date's ms since the epoch, or undefined when it shows n/a: missing, unparsable,
 * or one of PLACEHOLDER_DATES_MS. The timeline and durations use it, so they agree
 * with formatReportDate about which dates exist.
 */
export function reportDateMs(value: ReportDateInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else {
    const text = value.trim();
    if (!text) return undefined;
    if (NUMERIC.test(text)) ms = Number(text);
    else ms = Date.parse(ISO_WITHOUT_OFFSET.test(text) ? `${text}Z` : text);
  }
  if (!Number.isFinite(ms) || PLACEHOLDER_DATES_MS.includes(ms)) return undefined;
  // beyond ±8.64e15 ms JavaScript has no date
  return Number.isNaN(new Date(ms).getTime()) ? undefined : ms;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The report's date rule: `YYYY-MM-DD HH:mm:ss` in UTC (the report is a record that
 * people in several time zones read, and a PDF has no browser to convert it), 'n/a'
 * for a missing date or 0 / 9e12 (spec 1 §2), however it is given.
 */
export function formatReportDate(value: ReportDateInput): string {
  const ms = reportDateMs(value);
  if (ms === undefined) return NOT_AVAILABLE;
  const date = new Date(ms);
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** Seconds from start to end; undefined when either date shows n/a or the end is before the start (spec 1 §2). */
export function durationSeconds(start: ReportDateInput, end: ReportDateInput): number | undefined {
  const from = reportDateMs(start);
  const to = reportDateMs(end);
  if (from === undefined || to === undefined || to < from) return undefined;
  return (to - from) / 1000;
}

/**
 * A duration as the report reads it: under a minute in seconds with one decimal
 * ('12.3 s'), under an hour in minutes and seconds ('4 min 05 s'), else in hours and
 * minutes ('1 h 02 min'): precise where tasks are short, readable where runs are long.
 * Negative, missing or not-finite values show 'n/a'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  const tenths = Math.round(seconds * 10) / 10;
  if (tenths < 60) return `${tenths.toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${pad(whole % 60)} s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
}

/** formatDuration of the time between two dates: 'n/a' when either is n/a or the end is before the start. */
export function formatReportDuration(start: ReportDateInput, end: ReportDateInput): string {
  return formatDuration(durationSeconds(start, end));
}

/** Spec 1 §4: a task state's colour; an unknown state takes the colour of 'no_status'. */
export function taskStateColor(state: string): string {
  return (TASK_STATE_COLORS as Record<string, string>)[state] ?? TASK_STATE_COLORS.no_status;
}

/** A task state as the report writes it: underscores as spaces (spec 1 §4). */
export function taskStateText(state: string): string {
  return state.replace(/_/g, ' ');
}

// ---------------------------------------------------------------------------------------
// executionResults, read defensively: it is null until the engine starts the execution,
// and older or foreign records may lack parts.

/** A task of executionResults.tasks, with whatever was missing filled in. */
export interface ReportResultTask {
  task_id: string;
  task_label: string;
  state: string;
  start_date: string | null;
  end_date: string | null;
  try_number: number;
  run: string;
}

/** executionResults as the report reads it (spec 1 §3), every part present. */
export interface ReportResults {
  streams: Record<string, string[]>;
  tasks: ReportResultTask[];
  data: { task_id: string; key: string; value: unknown; type: string; type_label: string; label: string }[];
  childDags: Record<string, string[]>;
  error: string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function listRecord(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, list]) => [key, stringList(list)]));
}

function resultTask(task: Record<string, unknown>): ReportResultTask {
  return {
    task_id: String(task.task_id),
    task_label: stringOr(task.task_label, ''),
    state: stringOr(task.state, 'no_status'),
    start_date: typeof task.start_date === 'string' || typeof task.start_date === 'number' ? String(task.start_date) : null,
    end_date: typeof task.end_date === 'string' || typeof task.end_date === 'number' ? String(task.end_date) : null,
    try_number: typeof task.try_number === 'number' ? task.try_number : 0,
    run: stringOr(task.run, ''),
  };
}

function resultRecord(record: Record<string, unknown>): ReportResults['data'][number] {
  const key = String(record.key);
  const type = stringOr(record.type, 'json');
  return {
    task_id: String(record.task_id),
    key,
    value: record.value,
    type,
    type_label: stringOr(record.type_label, type),
    label: stringOr(record.label, key),
  };
}

/**
 * executionResults (typed `unknown` on the attributes) as the report reads it: the
 * streams, tasks, output records, child runs and error, empty when the engine has not
 * written them yet. Malformed entries are left out rather than failing the report.
 */
export function reportResults(executionResults: unknown): ReportResults {
  const results = isRecord(executionResults) ? executionResults : {};
  const info = isRecord(results.info) && isRecord(results.info.data) ? results.info.data : {};
  const tasks = Array.isArray(results.tasks) ? results.tasks.filter((task): task is Record<string, unknown> => isRecord(task) && typeof task.task_id === 'string') : [];
  const data = Array.isArray(results.data)
    ? results.data.filter((record): record is Record<string, unknown> => isRecord(record) && typeof record.task_id === 'string' && typeof record.key === 'string')
    : [];
  return {
    streams: listRecord(info.streams),
    tasks: tasks.map(resultTask),
    data: data.map(resultRecord),
    childDags: listRecord(results.child_dags),
    error: typeof results.error === 'string' && results.error ? results.error : undefined,
  };
}

// ---------------------------------------------------------------------------------------
// Summary

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

/** Where the execution's files are: the S3 location when the engine wrote one (spec 3), else the datastore folder. */
function datastoreText(execution: ReportSummarySource): string {
  const results = isRecord(execution.executionResults) ? execution.executionResults : {};
  const s3 = typeof results.S3OutputsPath === 'string' && results.S3OutputsPath ? results.S3OutputsPath : undefined;
  return s3 ?? (execution.datastore || NOT_AVAILABLE);
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

// ---------------------------------------------------------------------------------------
// Tasks

/** One row of the tasks table (spec 1 §2: task_id, worker selectors, start, end, duration in seconds, state). */
export interface ReportTaskRow {
  taskId: string;
  label: string;
  /** the child run of a dynamic-list-splitter it belongs to ('' in the main DAG) */
  run: string;
  state: string;
  /** spec 1 §4 colour of the state */
  color: string;
  /** the node's worker selectors as `key=value, ...`, then where the task ran when known; '' when neither is */
  worker: string;
  /** formatted by formatReportDate */
  start: string;
  end: string;
  /** undefined when start or end shows n/a */
  startMs: number | undefined;
  endMs: number | undefined;
  durationSeconds: number | undefined;
  /** formatted by formatDuration */
  duration: string;
  tryNumber: number;
}

/** The attributes the task rows read. */
export type ReportTaskRowsSource = Pick<ExecutionAttributes, 'executionResults' | 'workflowExecutionOrder'>;

/** A child task '{node}[{i}]' runs node {node}; a main-DAG task id is its node id. */
export function taskNodeId(taskId: string): string {
  return taskId.replace(/\[\d+\]$/, '');
}

function selectorsText(selectors: Record<string, string> | undefined): string {
  return Object.entries(selectors ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
}

/**
 * Orders tasks as the timeline does: by start, the tasks that have not started after
 * the others in their original order (Array.prototype.sort is stable).
 */
export function sortByStart<T extends { startMs: number | undefined }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.startMs ?? Infinity) - (b.startMs ?? Infinity) || 0);
}

/**
 * The tasks table (and the timeline's bars), sorted by start like the timeline. The
 * worker column shows the node's worker selectors (workflowExecutionOrder) and, when the
 * caller knows it (the server's execution_tasks.worker_label), where the task ran.
 */
export function executionTaskRows(execution: ReportTaskRowsSource, workerLabels: ReadonlyMap<string, string> = new Map()): ReportTaskRow[] {
  const order = execution.workflowExecutionOrder as ReportTaskRowsSource['workflowExecutionOrder'] | null | undefined;
  const selectors = new Map((order?.tasks ?? []).map((task) => [task.task_slug_id, task.worker_selectors]));
  const rows = reportResults(execution.executionResults).tasks.map((task): ReportTaskRow => {
    const startMs = reportDateMs(task.start_date);
    const endMs = reportDateMs(task.end_date);
    const seconds = durationSeconds(task.start_date, task.end_date);
    const worker = [selectorsText(selectors.get(taskNodeId(task.task_id))), workerLabels.get(task.task_id) ?? ''].filter(Boolean).join(' / ');
    return {
      taskId: task.task_id,
      label: task.task_label,
      run: task.run,
      state: task.state,
      color: taskStateColor(task.state),
      worker,
      start: formatReportDate(startMs),
      end: formatReportDate(endMs),
      startMs,
      endMs,
      durationSeconds: seconds,
      duration: formatDuration(seconds),
      tryNumber: task.try_number,
    };
  });
  return sortByStart(rows);
}

// ---------------------------------------------------------------------------------------
// Graph

/** The task dependency graph: one node per task (child-run tasks included), one edge per stream. */
export interface ReportTaskGraph {
  nodes: { id: string; state: string; color: string }[];
  edges: { source: string; target: string }[];
}

/**
 * The task dependency graph from executionResults.info.data.streams (each task's
 * downstream task ids), with the tasks of a dynamic-list-splitter's child runs
 * (child_dags) as nodes of their own. A task named only by a stream or a run, not
 * in the tasks list, shows as 'no_status'.
 */
export function executionTaskGraph(executionResults: unknown): ReportTaskGraph {
  const results = reportResults(executionResults);
  const states = new Map<string, string>();
  for (const task of results.tasks) states.set(task.task_id, task.state);
  const mentioned = [...Object.entries(results.streams).flatMap(([source, targets]) => [source, ...targets]), ...Object.values(results.childDags).flat()];
  for (const id of mentioned) if (!states.has(id)) states.set(id, 'no_status');
  const seen = new Set<string>();
  const edges: ReportTaskGraph['edges'] = [];
  for (const [source, targets] of Object.entries(results.streams)) {
    for (const target of targets) {
      const key = JSON.stringify([source, target]);
      if (source === target || seen.has(key)) continue;
      seen.add(key);
      edges.push({ source, target });
    }
  }
  return { nodes: [...states].map(([id, state]) => ({ id, state, color: taskStateColor(state) })), edges };
}

// ---------------------------------------------------------------------------------------
// Inputs and outputs

/** One row of the inputs table: the input's label and its value, as the user may see it. */
export interface ReportInputRow {
  nodeId: string;
  identifier: string;
  label: string;
  value: string;
  encrypted: boolean;
}

/** An input stored encrypted, or a password input (even a hidden default): its value is never shown. */
function isSecret(item: ExecutionInputGroup['items'][number]): boolean {
  return item.encrypted === true || item.data_type === 'password';
}

/**
 * The inputs table (spec 1 §2: label, value; only inputs marked user-visible). The
 * execution stores each item with `user_visible` copied from the pinned workflow
 * version's input settings (workflowInputGroups: `userVisible`, default true) when it
 * was created, so the graph need not be read again. Encrypted and password values show
 * as ENCRYPTED_VALUE_MASK. A label that several nodes use is followed by its node id.
 */
export function executionInputRows(inputs: ExecutionInputGroup[] | null | undefined): ReportInputRow[] {
  const rows = (inputs ?? []).flatMap((group) =>
    (group.items ?? [])
      .filter((item) => item.user_visible !== false)
      .map((item) => ({
        nodeId: group.node_id,
        identifier: item.identifier,
        label: item.label || item.identifier,
        value: isSecret(item) ? ENCRYPTED_VALUE_MASK : (item.value ?? ''),
        encrypted: isSecret(item),
      })),
  );
  const nodesOfLabel = new Map<string, Set<string>>();
  for (const row of rows) nodesOfLabel.set(row.label, (nodesOfLabel.get(row.label) ?? new Set()).add(row.nodeId));
  return rows.map((row) => ((nodesOfLabel.get(row.label)?.size ?? 0) > 1 ? { ...row, label: `${row.label} (${row.nodeId})` } : row));
}

/** One row of the outputs table (spec 1 §2: task_id, key, type, value). */
export interface ReportOutputRow {
  taskId: string;
  key: string;
  /** the data type's identifier ('geotiff' offers a map preview on the page) */
  type: string;
  typeLabel: string;
  value: string;
}

/** An output value as text: strings as they are, other JSON values as JSON, nothing as ''. */
export function outputValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** The outputs table: one row per output record of executionResults.data, in the engine's order. */
export function executionOutputRows(executionResults: unknown): ReportOutputRow[] {
  return reportResults(executionResults).data.map((record) => ({
    taskId: record.task_id,
    key: record.key,
    type: record.type,
    typeLabel: record.type_label,
    value: outputValueText(record.value),
  }));
}
