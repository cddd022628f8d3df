import { isExecutionFileUrl, type ExecutionResultRecord, type OgcResults } from '@asb/contracts';
import path from 'node:path';
import type { ExecutionRow } from '../builder/executions.resource.js';
import type { WorkflowOutputRef } from './workflow-processes.js';

const MEDIA_TYPES: Record<string, string> = {
  '.tif': 'image/tiff; application=geotiff',
  '.tiff': 'image/tiff; application=geotiff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.nc': 'application/x-netcdf',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
};

/** A file of the execution's folder as a link a client downloads with its bearer token; any other value as it is. */
function outputValue(value: unknown, base: string): unknown {
  if (typeof value === 'string' && value.startsWith('/') && isExecutionFileUrl(value)) {
    const type = MEDIA_TYPES[path.extname(value.replace(/[?#].*$/s, '')).toLowerCase()] ?? 'application/octet-stream';
    return { href: `${base}${value}`, type };
  }
  return value;
}

/** The node of a task: a child run's task is `{node}[{i}]`. */
const nodeOfTask = (taskId: string) => taskId.replace(/\[\d+\]$/, '');

/**
 * The results of a workflow execution by output id (docs/ogcapi.md): one value per
 * output, a list when a dynamic-list splitter ran the node several times. An output the run
 * did not write is left out.
 */
export function workflowResults(row: ExecutionRow, outputs: Map<string, WorkflowOutputRef>, base: string): OgcResults {
  const records: ExecutionResultRecord[] = row.executionResults?.data ?? [];
  const results: OgcResults = {};
  for (const [id, ref] of outputs) {
    const values = records
      .filter((record) => nodeOfTask(record.task_id) === ref.nodeId && record.key === ref.key)
      .map((record) => outputValue(record.value, base));
    if (values.length === 0) continue;
    const single = records.some((record) => record.task_id === ref.nodeId && record.key === ref.key);
    results[id] = single && values.length === 1 ? values[0] : values;
  }
  return results;
}

/** The results of an application execution: its one task's outputs by their CWL output id (a list output as a list). */
export function applicationResults(row: ExecutionRow, base: string): OgcResults {
  const results: OgcResults = {};
  for (const record of row.executionResults?.data ?? []) {
    const value = outputValue(record.value, base);
    const existing = results[record.key];
    results[record.key] = existing === undefined ? value : Array.isArray(existing) ? [...(existing as unknown[]), value] : [existing, value];
  }
  return results;
}
