import path from 'node:path';

/**
 * The file inputs of a task: strings naming a file or folder inside its own execution's
 * folder (upstream outputs, list items of a splitter). Only those are shown to the task,
 * and fetched from an S3 datastore: a string a user typed that names another
 * execution's file (another user's output) stays a plain string the sandbox cannot open.
 */
export function executionFiles(inputs: Record<string, unknown>, executionDir: string): string[] {
  const root = path.resolve(executionDir) + path.sep;
  const files = new Set<string>();
  for (const value of Object.values(inputs).flatMap((item) => (Array.isArray(item) ? item : [item]))) {
    if (typeof value !== 'string' || !value.startsWith(root) || value.includes('\0')) continue;
    const resolved = path.resolve(value);
    if (resolved.startsWith(root) && resolved === value.replace(/\/+$/, '')) files.add(value);
  }
  return [...files];
}

/** The inputs with every string in `renamed` (also inside lists) replaced by its new name. */
export function renameInputs(inputs: Record<string, unknown>, renamed: Map<string, string>): Record<string, unknown> {
  const rename = (value: unknown) => (typeof value === 'string' ? (renamed.get(value) ?? value) : value);
  return Object.fromEntries(Object.entries(inputs).map(([name, value]) => [name, Array.isArray(value) ? value.map(rename) : rename(value)]));
}
