import { executionFileUrl, isExecutionFileUrl, parseProductInputUrl, type ExecutionTaskAttributes } from '@asb/contracts';

/**
 * What the application executions list and report show of an execution task (spec 3 §2
 * Executions lists and reports, §9), apart from the widgets.
 */

/** The execution time of a task: its own executionTime, else from creation to completion. */
export function taskSeconds(attributes: Pick<ExecutionTaskAttributes, 'executionTime' | 'createdAt' | 'completionTime'>): number | null {
  if (attributes.executionTime !== null) return attributes.executionTime;
  if (!attributes.completionTime) return null;
  return (Date.parse(attributes.completionTime) - Date.parse(attributes.createdAt)) / 1000;
}

/** The target as people read it: 'local' is Default (spec 3 §9). */
export const targetLabel = (target: string) => (target === 'local' ? 'Default' : target);

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
    return relative ? executionFileUrl(executionId, relative.split('/').map(decodeURIComponent).map(encodeURIComponent).join('/')) : undefined;
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

/** Spec 3 §2: outputs ending in .png are previewed. */
export const isPng = (value: string) => /\.png$/i.test(value.replace(/[?#].*$/s, ''));
export const isGeoTiff = (value: string) => /\.tiff?$/i.test(value.replace(/[?#].*$/s, ''));

/** The input value as text for the tables: an EO product as 'collection / item' rather than its catalogue link. */
export function inputText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const product = parseProductInputUrl(value);
    return product?.collectionId ? `${product.collectionId} / ${product.itemId}` : value;
  }
  if (Array.isArray(value)) return value.map(inputText).join(', ');
  if (typeof value === 'object') {
    const location = (value as Record<string, unknown>).location ?? (value as Record<string, unknown>).href;
    if (typeof location === 'string') return location;
  }
  return JSON.stringify(value);
}
