import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@asb/contracts';
import { detailError } from '../../../platform/http/errors.js';
import { safeRelativePath } from '../storage/safe-path.js';

export interface StagedUpload {
  /** the optional `path` field: the bucket subfolder the files go into */
  folder: string;
  files: { relative: string; staged: string }[];
}

const tooLarge = (name: string) => detailError(413, `File ${name} is larger than the ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB limit.`);

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Streams every `files` part into the staging folder and collects the `path`
 * field. Nothing reaches the bucket here: a file over the limit fails the whole
 * request (413) and the caller throws the staging folder away.
 */
export async function receiveUpload(parts: AsyncIterable<Multipart>, staging: string): Promise<StagedUpload> {
  const upload: StagedUpload = { folder: '', files: [] };
  let folder = '';
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'path') folder = String(part.value);
      continue;
    }
    if (part.fieldname !== 'files') {
      part.file.resume();
      throw detailError(400, `Unexpected file field '${part.fieldname}': send the files as 'files'.`);
    }
    const relative = safeRelativePath(part.filename);
    if (!relative) throw detailError(400, 'A file without a name was sent.');
    const staged = path.join(staging, String(upload.files.length));
    try {
      await pipeline(part.file, fs.createWriteStream(staged));
    } catch (error) {
      if (isFileTooLarge(error)) throw tooLarge(part.filename);
      throw error;
    }
    if (part.file.truncated) throw tooLarge(part.filename);
    upload.files.push({ relative, staged });
  }
  upload.folder = safeRelativePath(folder);
  return upload;
}
