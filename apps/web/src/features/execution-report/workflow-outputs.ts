import { executionOutputRows, type ExecutionResults } from '@asb/contracts';
import { fileName, isOwnFile, type OutputRow } from './output-row';

/** Spec 1 §2: GeoTIFF outputs offer Preview in a map modal. */
const MAP_TYPES = new Set(['geotiff', 'cog']);

/** The outputs table's rows of a workflow execution: the engine records a file as its datastore URL. */
export function workflowOutputRows(executionResults: ExecutionResults | null): OutputRow[] {
  return executionOutputRows(executionResults).map((row) => {
    const href = isOwnFile(row.value) ? row.value : undefined;
    return {
      id: `${row.taskId}.${row.key}`,
      taskId: row.taskId,
      key: row.key,
      type: row.typeLabel || row.type,
      value: row.value,
      href,
      name: href ? fileName(href) : undefined,
      isDirectory: false,
      canPreviewOnMap: href !== undefined && MAP_TYPES.has(row.type),
      title: `${row.taskId}.${row.key}`,
    };
  });
}
