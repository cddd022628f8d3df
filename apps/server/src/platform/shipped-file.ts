import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file shipped with the server's code (a python helper, a demo script, the migrations): beside
 * its module in src/ (tests, tsx), or in the folder of dist/ tsup's onSuccess copies it to (the
 * bundle is one main.js). `folders` are relative to the calling module's folder (`import.meta.url`),
 * tried in order; the first that holds `name` wins.
 */
export function shippedFile(moduleUrl: string, folders: readonly string[], name: string): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  for (const folder of folders) {
    const candidate = path.join(here, folder, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found near ${here}`);
}
