import type { ExecutionResults } from '../execution-results.js';
import { reportResults } from './report-results.js';

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
export function executionOutputRows(executionResults: ExecutionResults | null | undefined): ReportOutputRow[] {
  return reportResults(executionResults).data.map((record) => ({
    taskId: record.task_id,
    key: record.key,
    type: record.type,
    typeLabel: record.type_label,
    value: outputValueText(record.value),
  }));
}
