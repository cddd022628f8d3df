import path from 'node:path';

/** Every string of a value: itself, inside lists, and inside plain objects (a staged product's paths). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isPlainObject(value)) return Object.values(value).flatMap(strings);
  return [];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The file inputs of a task: strings naming a file or folder inside its own execution's
 * folder (upstream outputs, list items of a splitter, the files of a staged product: the
 * strings of lists and objects too). Only those are shown to the task, and fetched from an
 * S3 datastore: a string a user typed that names another execution's file (another user's
 * output) stays a plain string the sandbox cannot open.
 */
export function executionFiles(inputs: Record<string, unknown>, executionDir: string): string[] {
  const root = path.resolve(executionDir) + path.sep;
  const files = new Set<string>();
  for (const value of strings(Object.values(inputs))) {
    if (!value.startsWith(root) || value.includes('\0')) continue;
    const resolved = path.resolve(value);
    if (resolved.startsWith(root) && resolved === value.replace(/\/+$/, '')) files.add(value);
  }
  return [...files];
}

/** The inputs with every string in `renamed` (also inside lists and objects) replaced by its new name. */
export function renameInputs(inputs: Record<string, unknown>, renamed: Map<string, string>): Record<string, unknown> {
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') return renamed.get(value) ?? value;
    if (Array.isArray(value)) return value.map(rename);
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rename(item)]));
    return value;
  };
  return Object.fromEntries(Object.entries(inputs).map(([name, value]) => [name, rename(value)]));
}
