import fs from 'node:fs/promises';
import path from 'node:path';
import { detailError } from '../../../platform/http/errors.js';

const MAX_PATH_LENGTH = 1024;
/** file systems hold names of at most 255 bytes (ENAMETOOLONG beyond) */
const MAX_NAME_BYTES = 255;

function invalidPath(input: string, reason: string) {
  return detailError(400, `Invalid path '${input.replace(/\0/g, '\\0')}': ${reason}.`);
}

/**
 * A bucket-relative path as clients send it ('sub/file.py'), normalised; '' is the
 * bucket root. Anything that could leave the bucket is refused with a 400: '..',
 * absolute paths, NUL bytes and backslashes (never separators here, always a trick).
 */
export function safeRelativePath(input: string): string {
  if (input.length > MAX_PATH_LENGTH) throw invalidPath(input.slice(0, 40), 'too long');
  if (input.includes('\0')) throw invalidPath(input, 'NUL bytes are not allowed');
  if (input.includes('\\')) throw invalidPath(input, 'backslashes are not allowed');
  if (input.startsWith('/')) throw invalidPath(input, 'absolute paths are not allowed');
  const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw invalidPath(input, "'..' would leave the bucket");
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES))
    throw invalidPath(input.slice(0, 40), `a name is longer than ${MAX_NAME_BYTES} bytes`);
  return segments.join('/');
}

/**
 * Refuses a path that goes through (or is) a symbolic link below root: uploads
 * never create links, so one found there was planted and must not be followed.
 */
export async function assertNoLinks(root: string, relative: string): Promise<void> {
  let current = root;
  for (const segment of relative.split('/').filter(Boolean)) {
    current = path.join(current, segment);
    const stat = await fs.lstat(current).catch(() => undefined);
    if (!stat) return;
    if (stat.isSymbolicLink()) throw invalidPath(relative, 'symbolic links are not followed');
  }
}
