import { parseDocument } from 'yaml';
import { MAX_DEPTH } from '../../platform/documents/document-limits.js';
import { parseYamlOffThread } from '../../platform/documents/document-pool.js';

/**
 * Whether a CWL text is a single process without an `id` (no `$graph`): the portal registers
 * it under its file's name (docs/applications.md "Upload and describe"), but that name is not
 * in the document, so `file.cwl#name` names nothing there. Read in the document worker, off the
 * event loop (docs/security.md "Request limits"); a CWL registered before the limits may be
 * larger than they allow now, hence the wider count. Unreadable text answers false (the
 * reference is kept; cwltool or the ADES says what is wrong).
 */
async function isSingleProcessWithoutId(cwl: string): Promise<boolean> {
  let value: unknown;
  try {
    value = await parseYamlOffThread({ text: cwl, maxDepth: MAX_DEPTH, maxValues: 1_000_000, maxAliasCount: 100 });
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const root = value as Record<string, unknown>;
  return !('$graph' in root) && (typeof root.id !== 'string' || root.id.replace(/^.*#/, '') === '');
}

/** Whether cwltool runs the file alone (no process id, or a single process without id) rather than `file#processId`. */
export async function runsWholeFile(cwl: string, processId: string): Promise<boolean> {
  return !processId || (await isSingleProcessWithoutId(cwl));
}

/** The reference cwltool runs: `path#processId`, or the path alone (runsWholeFile). */
export function processReference(file: string, processId: string, wholeFile: boolean): string {
  return wholeFile ? file : `${file}#${processId}`;
}

/** The text an ADES deploys: a single process without id gets `id: processId` (an ADES names the process by it). */
export async function withProcessId(cwl: string, processId: string): Promise<string> {
  if (!processId || !(await isSingleProcessWithoutId(cwl))) return cwl;
  // a single process: small enough to edit here (within the limits it was registered with)
  const document = parseDocument(cwl);
  document.set('id', processId);
  return document.toString();
}
