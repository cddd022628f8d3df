import { parseDocument } from 'yaml';

/**
 * Whether a CWL text is a single process without an `id` (no `$graph`): the portal registers
 * it under its file's name (docs/applications.md "Upload and describe"), but that name is not
 * in the document, so `file.cwl#name` names nothing there. Unreadable text answers false
 * (the reference is kept; cwltool or the ADES says what is wrong).
 */
function isSingleProcessWithoutId(cwl: string): boolean {
  try {
    const value: unknown = parseDocument(cwl, { prettyErrors: false }).toJS({ maxAliasCount: 100 });
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const root = value as Record<string, unknown>;
    return !('$graph' in root) && (typeof root.id !== 'string' || root.id.replace(/^.*#/, '') === '');
  } catch {
    return false;
  }
}

/** The reference cwltool runs: `path#processId`, or the path alone for a single process without id. */
export function processReference(file: string, cwl: string, processId: string): string {
  return processId && !isSingleProcessWithoutId(cwl) ? `${file}#${processId}` : file;
}

/** The text an ADES deploys: a single process without id gets `id: processId` (an ADES names the process by it). */
export function withProcessId(cwl: string, processId: string): string {
  if (!processId || !isSingleProcessWithoutId(cwl)) return cwl;
  const document = parseDocument(cwl);
  document.set('id', processId);
  return document.toString();
}
