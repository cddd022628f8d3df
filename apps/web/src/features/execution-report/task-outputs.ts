import { executionFileUrl, isExecutionFileUrl, type ExecutionTaskAttributes } from '@asb/contracts';
import { fileName, isGeoTiff, isOwnFile, type OutputRow } from './output-row';

/**
 * An output value as a link the browser can open (spec 3 §2: storage links that begin with
 * the datastore's storage scheme prefix are rewritten to a file-hosting URL): a link inside
 * the execution's S3OutputsPath (s3://bucket/…/executions/{id}/) becomes the execution's
 * file route; a file the local datastore recorded is already that route; an http(s) link (an
 * ADES's result) stays as it is. Anything else is no link.
 */
export function outputHref(value: string, executionId: string, outputsPath: string | null | undefined): string | undefined {
  if (isExecutionFileUrl(value)) return value;
  if (outputsPath && value.startsWith(outputsPath)) {
    const relative = value.slice(outputsPath.length).replace(/^\/+/, '');
    // executionFileUrl encodes the path: an S3 key's escapes are decoded first, not encoded twice
    return relative ? executionFileUrl(executionId, relative.split('/').map(decodeURIComponent).join('/')) : undefined;
  }
  if (/^https?:\/\//i.test(value)) return value;
  return undefined;
}

/** One output row: a CWL File/Directory value is its location (a list gives one row per item). */
export interface OutputEntry {
  id: string;
  value: string;
  /** a File or Directory's basename, when it has one */
  name?: string;
  kind: 'File' | 'Directory' | 'value';
}

function entriesOf(id: string, value: unknown): OutputEntry[] {
  if (Array.isArray(value)) return value.flatMap((item) => entriesOf(id, item));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const location = record.location ?? record.href ?? record.path;
    if (typeof location === 'string') {
      const kind = record.class === 'Directory' ? 'Directory' : 'File';
      return [{ id, value: location, kind, ...(typeof record.basename === 'string' ? { name: record.basename } : {}) }];
    }
    return [{ id, value: JSON.stringify(value), kind: 'value' }];
  }
  const text = value === null || value === undefined ? '' : String(value);
  // the engine records a file output as its storage link
  return [{ id, value: text, kind: isExecutionFileUrl(text) || /^s3:\/\//.test(text) ? 'File' : 'value' }];
}

export function outputEntries(results: ExecutionTaskAttributes['executionResults']): OutputEntry[] {
  return (results?.data ?? []).flatMap((output) => entriesOf(output.id, output.value));
}

/** The outputs table's rows of an application or model execution (spec 3 §2): storage links rewritten, files named. */
export function taskOutputRows(executionId: string, results: ExecutionTaskAttributes['executionResults']): OutputRow[] {
  return outputEntries(results).map((entry) => {
    const href = outputHref(entry.value, executionId, results?.S3OutputsPath);
    const name = entry.name ?? (href ? fileName(href) : undefined);
    return {
      id: entry.id,
      key: entry.id,
      type: entry.kind,
      value: entry.value,
      href,
      name,
      isDirectory: entry.kind === 'Directory',
      canPreviewOnMap: isOwnFile(href) && isGeoTiff(href),
      title: name ?? entry.id,
    };
  });
}
